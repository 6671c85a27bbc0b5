// Two goroutines close one channel, and the two closes are not ordered by
// the program's synchronisation: whichever comes second panics ("close of
// closed channel").
GoCloseOfClosedChannel(Object c) {
  event close before(Object c) : call(* chan.close(..)) && target(c);
  pattern: close(t1) || close(t2)
}
