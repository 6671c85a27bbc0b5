// A list is structurally modified while a list iterator over it is in use
// (JavaMOP List_UnsafeListIterator).
UnsafeListIterator(List l, ListIterator i) {
  event create after(List l) returning(ListIterator i) :
      call(* List+.listIterator(..)) && target(l);
  event modify after(List l) :
      (call(* Collection+.add*(..)) || call(* Collection+.remove*(..))
       || call(* Collection+.clear()) || call(* Collection+.retain*(..)))
      && target(l);
  event use before(ListIterator i) :
      (call(* Iterator+.hasNext()) || call(* Iterator+.next())
       || call(* ListIterator+.hasPrevious()) || call(* ListIterator+.previous())
       || call(* ListIterator+.nextIndex()) || call(* ListIterator+.previousIndex()))
      && target(i);
  pattern: create use* modify+ use
}
