// FIG. 13 of the patent: a read-write data race on s.
DataRace (Object o) {
  event read before(Object o): get(* s) && target(o);
  event write before(Object o): set(* s) && target(o);
  pattern: read(t1) || write(t2)
}
