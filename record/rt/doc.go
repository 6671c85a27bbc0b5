// Package rt is the runtime of `gpredict record`: the small package that
// instrumented Go code calls to log its events. The recorder copies its
// files (not this doc file's neighbour source.go, which only embeds
// them) into the user's module through a build overlay, so it may import
// nothing but the standard library, and it declares the oldest Go with
// generics (record's overlay.go, rtGo): no language of later versions.
//
// Every goroutine logs into chunks of the process's log of its own (no
// global lock on the hot path, rt_log.go); each line carries a sequence
// number, global for synchronisation events, counted from the
// goroutine's last one for the others (gstate.stamp), so that the
// collector (package record) can merge the chunks into one trace in the
// order the events were logged. On Linux the chunks are a shared mapping
// of the log file: nothing is lost however the process ends. Elsewhere a
// chunk is written out when full, when its goroutine ends, when a
// goroutine panics (all of them), and at exit (Flush, called by the
// instrumented main, TestMain and os.Exit).
//
// Recording is on when the environment variable GPREDICT_RECORD_DIR names
// a directory; otherwise every entry point only performs the operation.
package rt
