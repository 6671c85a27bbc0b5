// The five unserialisable three-access patterns (seed 003) inside
// atomic() regions; STD begin/end become enter/exit atomic().
AtomicityViolation(Object v) {
  event begin before() : execution(atomic());
  event end after() : execution(atomic());
  event read before(Object v) : get(* *) && location(v);
  event write before(Object v) : set(* *) && location(v);
  pattern:
      begin(t1, <r) read(t1)  write(t2) read(t1)  end(t1, >r)   // R-W-R
    | begin(t1, <r) write(t1) write(t2) read(t1)  end(t1, >r)   // W-W-R
    | begin(t1, <r) read(t1)  write(t2) write(t1) end(t1, >r)   // R-W-W
    | begin(t1, <r) write(t1) read(t2)  write(t1) end(t1, >r)   // W-R-W
    | begin(t1, <r) write(t1) write(t2) write(t1) end(t1, >r)   // W-W-W
}
