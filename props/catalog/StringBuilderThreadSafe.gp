// One StringBuilder (which is not thread-safe) used by two threads
// without synchronisation between the uses.
StringBuilderThreadSafe(StringBuilder b) {
  event use before(StringBuilder b) : call(* StringBuilder.*(..)) && target(b);
  pattern: use(t1) || use(t2)
}
