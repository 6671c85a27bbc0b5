// The extension designators and execution/within/!, over one trace.
Designators (Object l, Object v, Object o) {
  event acq before(Object l): lock() && args(l);
  event rel after(Object l): unlock() && args(l) && !if(l == "M");
  event vol before(Object v): volatile() && location(v);
  event begin before(): execution(void Worker.run()) && within(Worker);
  event end after(Object o): execution(* run(..)) && target(o);
  event plain before(Object v): (get(* *) || set(* *)) && location(v) && !volatile();
  pattern: begin(t1, <r) vol(t1) acq rel plain end(t1, >r)
}
