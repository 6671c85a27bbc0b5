// want: duplicate-property
Race(Object o) {
  event read before(Object o): get(* s) && target(o);
  pattern: read(t1) || read(t2)
}
Race(Object o) {
  event write before(Object o): set(* s) && target(o);
  pattern: write(t1) || write(t2)
}
