// want: holds-argument
Owner(Object o) {
  event bad before(Object o): call(void Object.notify()) && target(o) && !holds(o, p);
  event worse before(Object o): call(void Object.wait()) && target(o) && !holds();
  pattern: bad | worse
}
