// want: unbound-advice-parameter
Atom(Object o) {
  event begin before(Object o): execution(m());
  event read before(Object o): get(* s) && target(o);
  pattern: begin read
}
