// want: too-many-alternatives
P(Object o) {
  event a before(Object o): get(* s) && target(o);
  event b before(Object o): set(* s) && target(o);
  pattern: (a|b) (a|b) (a|b) (a|b) (a|b) (a|b) (a|b) (a|b) (a|b)
}
