// Iteration over a synchronized collection view without holding its lock
// while another thread modifies the view (JavaMOP
// Collections_SynchronizedCollection, predictive).
SynchronizedCollection(Collection c, Iterator i) {
  event sync after() returning(Collection c) :
      call(* Collections.synchronizedCollection(..)) || call(* Collections.synchronizedList(..))
      || call(* Collections.synchronizedSet(..)) || call(* Collections.synchronizedSortedSet(..))
      || call(* Collections.synchronizedNavigableSet(..));
  event iter after(Collection c) returning(Iterator i) :
      call(* Collection+.iterator()) && target(c);
  event update after(Collection c) :
      (call(* Collection+.add*(..)) || call(* Collection+.remove*(..))
       || call(* Collection+.clear()) || call(* Collection+.retain*(..)))
      && target(c);
  event use before(Iterator i) :
      call(* Iterator+.*(..)) && target(i) && !holds(c);
  pattern: sync iter(t1) update(t2) use(t1)
}
