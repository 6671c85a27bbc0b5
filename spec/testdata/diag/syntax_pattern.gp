// want: syntax
Race(Object o) {
  event read before(Object o): get(* s) && target(o);
  pattern: read(t1) || | read(t2)
}
