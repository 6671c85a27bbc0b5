// want: syntax
Race(Object o) {
  event read before(Object o): get(* s) && target(o) # here;
  pattern: read(t1) || read(t2)
}
