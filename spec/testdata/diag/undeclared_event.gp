// want: undeclared-event
Race(Object o) {
  event acquire before(Object o): lock() && args(o);
  event release before(Object o): unlock() && args(o);
  pattern: aquire(t1) || release(t2)
}
