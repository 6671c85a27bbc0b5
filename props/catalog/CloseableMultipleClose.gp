// Two threads can close one resource at the same time: nothing orders
// one close() after the other (JavaMOP Closeable_MultipleClose, across
// threads).
CloseableMultipleClose(Object c) {
  event close before(Object c) : call(void *.close()) && target(c);
  pattern: close(t1) || close(t2)
}
