// A stream, reader, writer, socket or channel used by one thread after
// another thread closed it.
UseAfterClose(Object s) {
  event close before(Object s) :
      (call(void *Stream.close()) || call(void *Reader.close())
       || call(void *Writer.close()) || call(void *Socket.close())
       || call(void *Channel.close()))
      && target(s);
  event use before(Object s) :
      call(* *(..)) && target(s) && !call(* close());
  pattern: close(t1) use(t2)
}
