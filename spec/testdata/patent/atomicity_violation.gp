// FIG. 11 of the patent: a read-write-write atomicity violation on s.
AtomicityViolation (Object o){
  event begin before(Object o): execution(m());
  event read before(Object o): get(* s) && target(o);
  event write before(Object o): set(* s) && target(o);
  event end after(Object o): execution(m());
  pattern: begin(t1,<r1) read(t1) write(t2) write(t1) end(t1,>r1)
}
