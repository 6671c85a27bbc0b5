// want: bad-character
/* café in Latin-1 */
Race(String v) {
  event wr before() : set(* *) && location(v);
  pattern: wr || wr
}
