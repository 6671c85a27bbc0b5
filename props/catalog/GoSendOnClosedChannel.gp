// A send on a channel starts after another goroutine closed it: the send
// panics ("send on closed channel").
GoSendOnClosedChannel(Object c) {
  event close after(Object c) : call(* chan.close(..)) && target(c);
  event send before(Object c) : call(* chan.send(..)) && target(c);
  pattern: close(t1) send(t2)
}
