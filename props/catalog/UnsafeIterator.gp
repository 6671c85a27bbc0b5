// A collection is modified while an iterator over it is in use
// (patent FIG. 10; JavaMOP Collection_UnsafeIterator).
UnsafeIterator(Collection c, Iterator i) {
  event create after(Collection c) returning(Iterator i) :
      call(Iterator Collection+.iterator()) && target(c);
  event update after(Collection c) :
      (call(* Collection+.remove*(..)) || call(* Collection+.add*(..))) && target(c);
  event next before(Iterator i) :
      call(* Iterator.next()) && target(i);
  pattern: create next* update+ next
}
