// want: syntax
Race(Object o) {
	event read before(Object o):	get(* s) &&	target(o) % x;
  pattern: read
}
