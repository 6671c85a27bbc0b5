// Package rt is the runtime of `gpredict record`: the small package that
// instrumented Go code calls to log its events. The recorder copies its
// files (not this doc file's neighbour source.go, which only embeds
// them) into the user's module through a build overlay, so it may import
// nothing but the standard library.
//
// Every goroutine logs into its own buffer (no global lock on the hot
// path); each line carries a global sequence number so that the
// collector (package record) can merge the buffers into one trace in the
// order the events were logged. A buffer is written to the process's
// output file when it grows past a bound, when its goroutine ends, when a
// goroutine panics (all buffers), and at exit (Flush, called by the
// instrumented main, TestMain and os.Exit). A hard crash (a fatal runtime
// error such as "concurrent map writes", or SIGKILL) loses what was still
// buffered; the collector reads what was written up to the last complete
// line and says where it stops.
//
// Recording is on when the environment variable GPREDICT_RECORD_DIR names
// a directory; otherwise every entry point only performs the operation.
package rt
