// The backing list of a sub-list view is structurally modified while the
// sub-list is still in use (JavaMOP List_UnsynchronizedSubList).
UnsynchronizedSubList(List b, List s) {
  event create after(List b) returning(List s) :
      call(* List+.subList(..)) && target(b);
  event modify after(List b) :
      (call(* Collection+.add*(..)) || call(* Collection+.remove*(..))
       || call(* Collection+.clear()) || call(* Collection+.retain*(..)))
      && target(b);
  event use before(List s) :
      call(* *(..)) && target(s);
  pattern: create use* modify+ use
}
