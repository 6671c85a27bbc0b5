// The five properties of the differential tests (predict/pipeline_diff_test.go
// and cmd/gpredict/predict_e2e_test.go): a race with location binding, an
// ordering with meta-threads `a(t1) b(t2) c(t1)`, an atomic region over
// enter/exit atomic(), a negated pattern, and inconsistent locking through
// holds(): a write made holding l (holds binds l to each lock held) next
// to a read by a thread that does not hold l (!holds(l) names a parameter
// rd does not bind, so it is decided per binding).
Race(Object v) {
  event rd before(Object v) : get(*) && location(v);
  event wr before(Object v) : set(*) && location(v);
  pattern: rd(t1) || wr(t2) | wr(t1) || wr(t2)
}
Order(Object v) {
  event wr before(Object v) : set(*) && location(v);
  event rd before(Object v) : get(*) && location(v);
  event unl after() : unlock();
  pattern: wr(t1) rd(t2) unl(t1)
}
Atomic(Object v) {
  event begin before() : execution(atomic());
  event end after() : execution(atomic());
  event rd before(Object v) : get(*) && location(v);
  event wr before(Object v) : set(*) && location(v);
  pattern: begin(t1, <r) rd(t1) wr(t2) end(t1, >r)
}
Negated(Object v) {
  event rd before(Object v) : get(*) && location(v);
  event wr before(Object v) : set(*) && location(v);
  pattern: wr(t1) !(rd(t2) || wr(t1))
}
Guarded(Object v, Object l) {
  event wr before(Object v, Object l) : set(*) && location(v) && holds(l);
  event rd before(Object v) : get(*) && location(v) && !holds(l);
  pattern: wr(t1) || rd(t2)
}
