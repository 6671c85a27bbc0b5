Bad (Object v) {
  event wr before(Object v): set(*) && location(v);
  pattern: wr(t1) || wrx(t2)
}
