// notify()/notifyAll() on an object whose monitor the calling thread does
// not hold, which can reach the object before another thread's wait() on
// it (JavaMOP Object_MonitorOwner, predictive).
ObjectMonitorOwner(Object o) {
  event unowned before(Object o) :
      (call(void Object+.notify()) || call(void Object+.notifyAll()))
      && target(o) && !holds(o);
  event wait before(Object o) :
      call(void Object+.wait(..)) && target(o) && holds(o);
  pattern: unowned(t2) wait(t1)
}
