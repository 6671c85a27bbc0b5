// A thread object is started twice, or another thread's check that it is
// not started yet can fall between a check and the start (JavaMOP
// Thread_StartOnce, with a predictive check-then-start alternative).
ThreadStartOnce(Thread w) {
  event start before(Thread w) : call(void Thread+.start()) && target(w);
  event check after(Thread w) :
      (call(boolean Thread+.isAlive()) || call(* Thread+.getState())) && target(w);
  pattern: start start | check(t1) check(t2) start(t1)
}
