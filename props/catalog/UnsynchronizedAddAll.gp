// The source collection of addAll is modified while addAll runs (JavaMOP
// Collection_UnsynchronizedAddAll). addAll must be recorded as an
// enter/exit pair: its duration is the atomic region r.
UnsynchronizedAddAll(Collection t, Collection s) {
  event enter before(Collection t, Collection s) :
      execution(boolean Collection+.addAll(..)) && target(t) && args(.., s);
  event modify after(Collection s) :
      (call(* Collection+.add*(..)) || call(* Collection+.remove*(..))
       || call(* Collection+.clear()) || call(* Collection+.retain*(..)))
      && target(s);
  event leave after(Collection t, Collection s) :
      execution(boolean Collection+.addAll(..)) && target(t) && args(.., s);
  pattern: enter(t1, <r) modify leave(t1, >r)
}
