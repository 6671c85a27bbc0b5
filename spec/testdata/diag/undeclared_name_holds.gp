// want: undeclared-name
SyncIter(Collection col, Iterator i) {
  event iter after(Collection col) returning(Iterator i) : call(* iterator()) && target(col);
  event use before(Iterator i): call(* Iterator.next()) && target(i) && !holds(coll);
  pattern: iter use
}
