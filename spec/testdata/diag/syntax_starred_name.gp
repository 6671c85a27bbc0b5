// want: syntax
Iter(Iterator i) {
  event create after() returning(Iterator i): call(* Collection+.iterator());
  event next before(Iterator i): call(* Iterator.next()) && target(i);
  pattern: create next*next
}
