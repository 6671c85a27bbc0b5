// want: duplicate-parameter
Race(Object o, Object o) {
  event read before(Object o): get(* s) && target(o);
  pattern: read(t1) || read(t2)
}
