// Two goroutines access one Go map at the same time, at least one of them
// writing: the Go runtime stops the program ("concurrent map writes",
// "concurrent map read and map write"). Recorded by `gpredict record`.
GoConcurrentMapWrite(Object m) {
  event write before(Object m) :
      (call(* map.write(..)) || call(* map.delete(..)) || call(* map.clear(..))) && target(m);
  event read before(Object m) : call(* map.read(..)) && target(m);
  pattern: write(t1) || write(t2) | read(t1) || write(t2)
}
