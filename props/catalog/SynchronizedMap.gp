// Iteration over a view of a synchronized map without holding the map's
// lock while another thread modifies the map (JavaMOP
// Collections_SynchronizedMap, predictive).
SynchronizedMap(Map m, Collection v, Iterator i) {
  event sync after() returning(Map m) :
      call(* Collections.synchronizedMap(..)) || call(* Collections.synchronizedSortedMap(..))
      || call(* Collections.synchronizedNavigableMap(..));
  event view after(Map m) returning(Collection v) :
      (call(* Map+.keySet()) || call(* Map+.entrySet()) || call(* Map+.values()))
      && target(m);
  event iter after(Collection v) returning(Iterator i) :
      call(* Collection+.iterator()) && target(v);
  event update after(Map m) :
      (call(* Map+.put*(..)) || call(* Map+.remove(..)) || call(* Map+.clear())
       || call(* Map+.compute*(..)) || call(* Map+.merge(..)))
      && target(m);
  event use before(Iterator i) :
      call(* Iterator+.*(..)) && target(i) && !holds(m);
  pattern: sync view iter(t1) update(t2) use(t1)
}
