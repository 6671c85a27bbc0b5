// want: empty-pattern
Iter(Iterator i) {
  event next before(Iterator i): call(* Iterator.next()) && target(i);
  pattern: next(t1) || (next(t2))*
}
