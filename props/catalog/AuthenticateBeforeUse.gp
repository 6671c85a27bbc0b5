// A resource used before it is authenticated (the patent's motivating
// example).
AuthenticateBeforeUse(Object r) {
  event authenticate after(Object r) : call(* authenticate*(..)) && target(r);
  event use before(Object r) : call(* use*(..)) && target(r);
  pattern: use authenticate
}
