// want: syntax
Race(Object o {
  event read before(Object o): get(* s) && target(o);
  event write before(Object o) set(* s) && target(o);
  pattern: read(t1 || write(t2)
}
