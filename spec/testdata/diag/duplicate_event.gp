// want: duplicate-event
Race(Object o) {
  event read before(Object o): get(* s) && target(o);
  event read before(Object o): set(* s) && target(o);
  pattern: read(t1) || read(t2)
}
