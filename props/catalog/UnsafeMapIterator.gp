// A map is modified (directly or through one of its views) while an
// iterator over one of its views is in use (JavaMOP Map_UnsafeIterator).
UnsafeMapIterator(Map m, Collection c, Iterator i) {
  event getset after(Map m) returning(Collection c) :
      (call(* Map+.keySet()) || call(* Map+.entrySet()) || call(* Map+.values()))
      && target(m);
  event getiter after(Collection c) returning(Iterator i) :
      call(* Iterable+.iterator()) && target(c);
  event modifyMap after(Map m) :
      (call(* Map+.clear*(..)) || call(* Map+.put*(..)) || call(* Map+.remove*(..)))
      && target(m);
  event modifyCol after(Collection c) :
      (call(* Collection+.clear*(..)) || call(* Collection+.add*(..))
       || call(* Collection+.remove*(..)) || call(* Collection+.retain*(..)))
      && target(c);
  event useiter before(Iterator i) :
      call(* Iterator.next()) && target(i);
  pattern: getset getiter useiter* (modifyMap | modifyCol)+ useiter
}
