// Conflicting accesses to one non-volatile variable that can be adjacent
// (patent FIG. 13, generalised to every variable with location()).
DataRace(Object v) {
  event read before(Object v) : get(* *) && location(v) && !volatile();
  event write before(Object v) : set(* *) && location(v) && !volatile();
  pattern: read(t1) || write(t2) | write(t1) || write(t2)
}
