// want: undeclared-name
Race(Object o) {
  event read before(Object o): get(* s) && target(obj);
  event write before(Object o): set(* s) && target(o);
  pattern: read(t1) || write(t2)
}
