// holds(x): the lock x is held by the event's thread at the event. On a
// bound advice parameter it tests, on an unbound one it binds each lock
// held, and on a property parameter the event does not bind it is decided
// per binding ("(if on c)").
SyncIter(Collection c, Iterator i, Object l) {
  event iter after(Collection c) returning(Iterator i) :
      call(Iterator Collection+.iterator()) && target(c) && holds(c);
  event use before(Iterator i) :
      call(* Iterator.next()) && target(i) && !holds(c);
  event locked before(Object l) : call(* Iterator.next()) && holds(l);
  pattern: iter use locked
}
