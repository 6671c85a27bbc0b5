// Two threads call remove() on one iterator with no next() in between
// (JavaMOP Iterator_RemoveOnce, across threads).
IteratorRemoveOnce(Iterator i) {
  event remove before(Iterator i) : call(void Iterator+.remove()) && target(i);
  pattern: remove(t1) || remove(t2)
}
