// A goroutine writes a Go map while another iterates over it: the Go
// runtime stops the program ("concurrent map iteration and map write").
GoMapIterationWrite(Object m) {
  event next before(Object m) : (call(* map.range(..)) || call(* map.next(..))) && target(m);
  event write before(Object m) :
      (call(* map.write(..)) || call(* map.delete(..)) || call(* map.clear(..))) && target(m);
  pattern: next(t1) || write(t2)
}
