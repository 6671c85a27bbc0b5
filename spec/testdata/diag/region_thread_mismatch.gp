// want: region-thread-mismatch
Atom(Object o) {
  event begin before(): execution(m());
  event read before(Object o): get(* s) && target(o);
  event end after(): execution(m());
  pattern: begin(t1, <r1) read(t1) read(t2) end(t2, >r1)
}
