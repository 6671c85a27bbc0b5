// holds(x) (extension): the lock x is held by the event's thread at the
// event. x an advice parameter binds or tests it; a property parameter
// the event does not bind makes the test residual (per binding).
SyncIter(Collection c, Iterator i, Object l) {
  event iter after(Collection c) returning(Iterator i) :
      call(Iterator Collection+.iterator()) && target(c) && holds(c);
  event use before(Iterator i) :
      call(* Iterator.*(..)) && target(i) && !holds(c);
  event guarded before(Object l) : set(*) && holds(l);
  event holds before(Object holds) : lock() && args(holds);
  pattern: iter use guarded
}
