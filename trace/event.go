package trace

import (
	"fmt"
	"strconv"
	"strings"
)

// Event is one event line of a thread. It is kept small (28 bytes) so that
// traces of tens of millions of events fit in memory; strings are Syms of
// the trace's Symbols, argument lists live in the trace's argument pool.
//
// Operands by kind:
//
//	fork, join           Obj = thread name
//	read, write          Obj = variable, Val = value
//	acquire, release     Obj = lock
//	wait                 Obj = lock, Val = signal (equal to the lock by default)
//	notify, notifyAll    Obj = signal
//	call, enter, exit    Obj = signature; Target, Result, Args from the keys
//	send, recv           Obj = channel, Val = value; Target = select= key, NoSym if absent
//	recvclosed, close    Obj = channel (recvclosed: Target = select= key)
//	recvwait             Obj = channel
//	latchwait            Obj = latch
//	default              Obj = select
//	begin, end, branch   none
type Event struct {
	Op     Op
	Obj    Sym
	Val    Sym
	Target Sym    // target= key, NoSym if absent
	Result Sym    // result= key, NoSym if absent
	Args   ArgsID // args= key, NoArgs if absent
	Loc    Sym    // @LOCATION without the '@', NoSym if absent
}

// ArgsID indexes the argument pool of a trace. NoArgs means "no args= key",
// which differs from an args= key with an empty list.
type ArgsID uint32

// NoArgs marks an event without an args= key.
const NoArgs ArgsID = 0

// ThreadID is the index of a thread in Trace.Threads.
type ThreadID uint32

// EventRef names one event: its thread and its 0-based position there. The
// user-facing id is "T#k" with k = Index+1.
type EventRef struct {
	Thread ThreadID
	Index  uint32
}

// Less orders refs by thread, then position (the "id order" of reports).
func (r EventRef) Less(o EventRef) bool {
	if r.Thread != o.Thread {
		return r.Thread < o.Thread
	}
	return r.Index < o.Index
}

// FormatID renders the id of the k-th (0-based) event of a thread.
func FormatID(thread string, index uint32) string {
	return thread + "#" + strconv.FormatUint(uint64(index)+1, 10)
}

// SplitID splits "T#k" into thread name and 0-based index.
func SplitID(id string) (thread string, index uint32, err error) {
	i := strings.LastIndexByte(id, '#')
	if i <= 0 {
		return "", 0, fmt.Errorf("event id %q: want THREAD#N", id)
	}
	k, err := strconv.ParseUint(id[i+1:], 10, 32)
	if err != nil || k == 0 {
		return "", 0, fmt.Errorf("event id %q: want THREAD#N with N ≥ 1", id)
	}
	return id[:i], uint32(k - 1), nil
}
