// A thread that writes to a pipe and reads its own data back can have that
// data taken by another reader first, and then waits forever for data only
// it could write (JavaMOP PipedStream_SingleThread, predictive).
PipedStreamSingleThread(PipedInputStream i, PipedOutputStream o) {
  event connect before(PipedInputStream i, PipedOutputStream o) :
      (call(* PipedInputStream+.connect(PipedOutputStream+)) && target(i) && args(o))
      || (call(* PipedOutputStream+.connect(PipedInputStream+)) && target(o) && args(i));
  event write before(PipedOutputStream o) :
      call(* PipedOutputStream+.write(..)) && target(o);
  event read before(PipedInputStream i) :
      call(* PipedInputStream+.read(..)) && target(i);
  pattern: connect write(t1) read(t2) read(t1)
}
