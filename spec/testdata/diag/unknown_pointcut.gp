// want: unknown-pointcut
Race(Object o) {
  event read before(Object o): gett(* s) && target(o);
  pattern: read(t1) || read(t2)
}
