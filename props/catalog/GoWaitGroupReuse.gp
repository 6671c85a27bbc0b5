// An Add that starts a new round of a WaitGroup (its counter was zero)
// can happen while a Wait of the previous round is still in progress;
// Go requires such Adds to happen after every previous Wait returned
// ("WaitGroup is reused before previous Wait has returned").
GoWaitGroupReuse(Object wg) {
  event waitStart before(Object wg) : call(* sync.WaitGroup.Wait(..)) && target(wg);
  event waitEnd after(Object wg) : call(* sync.WaitGroup.Wait(..)) && target(wg);
  event addFromZero before(Object wg, Object delta, Object from) :
      call(* sync.WaitGroup.Add(..)) && target(wg) && args(delta, from) && if(from == "0");
  pattern: waitStart(t1, <w) addFromZero(t2) waitEnd(t1, >w)
}
