// A write-write or read-write race on any variable (location binds v).
Race (Object v) {
  event rd before(Object v): get(*) && location(v);
  event wr before(Object v): set(*) && location(v);
  pattern: wr(t1) || rd(t2) | wr(t1) || wr(t2)
}
