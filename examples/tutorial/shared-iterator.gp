SharedIteratorHasNext(Iterator i) {
  event hasNext after(Iterator i) : call(boolean Iterator.hasNext()) && target(i);
  event next before(Iterator i) : call(* Iterator.next()) && target(i);
  pattern: hasNext(t1) next(t2) next(t1)
}
