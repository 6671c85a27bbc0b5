// want: unknown-pointcut
Owner(Object o) {
  event bad before(Object o): call(void Object.notify()) && target(o) && !holdsLock(o);
  pattern: bad
}
