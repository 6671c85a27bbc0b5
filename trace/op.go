package trace

// Op is the kind of a trace event (docs/trace-format.md).
type Op uint8

// The event kinds, in the order of docs/trace-format.md.
const (
	OpBegin Op = iota
	OpEnd
	OpFork
	OpJoin
	OpRead
	OpWrite
	OpAcquire
	OpRelease
	OpWait
	OpNotify
	OpNotifyAll
	OpBranch
	OpCall
	OpEnter
	OpExit
	// OpRAcquire and OpRRelease are the shared (read) side of a lock
	// (docs/trace-format.md): holders may overlap each other, an
	// exclusive hold (acquire) excludes every other hold. They come last
	// so that the numbering of the original ops stays as it was.
	OpRAcquire
	OpRRelease
	// OpRequest and OpRRequest say that the thread has started waiting
	// for a lock, exclusively or shared (docs/trace-format.md, "Lock
	// kinds and requests"): the acquire (racquire) of the lock follows
	// as the thread's next event, or the thread was still waiting when
	// the trace ended. They come after the shared ops for the same reason.
	OpRequest
	OpRRequest
	// OpFence is a memory fence (docs/semantics.md, Memory models): it
	// makes the thread's pending writes visible before it goes on. Under
	// sequential consistency it does nothing.
	OpFence
	// OpSend, OpRecv, OpRecvClosed and OpClose are the operations of a
	// channel (docs/trace-format.md, "Channels"): a send of a value, a
	// receive that got a sent value, a receive that found the channel
	// closed and drained (Go's `v, ok := <-ch` with ok false), and the
	// close. They come last for the same reason as the ops above.
	OpSend
	OpRecv
	OpRecvClosed
	OpClose
	// OpRecvWait says that the thread started to receive from a channel
	// and was still waiting when the trace ended (docs/trace-format.md,
	// "Channels"): it is the thread's last event, no operation of the
	// channel (IsChan is false), and stands for the receive that never
	// happened, as a request at the end of a thread does for an acquire.
	OpRecvWait
	// OpDefault says that a select took its default case: no case was
	// ready (docs/trace-format.md, "Selects"). Its operand is the select
	// (Obj); it is no operation of a channel (IsChan is false).
	OpDefault
	// OpLatchWait says that the thread started to wait for a latch (a Go
	// WaitGroup's Wait, a Java CountDownLatch's await) to open and was
	// still waiting when the trace ended, and that no event of the trace
	// can open it (docs/trace-format.md, "Latches"): the writer counted
	// the releases. It is the thread's last event, like a recvwait, and
	// the thread is stuck there in every end that performs it.
	OpLatchWait
	NumOps // number of kinds; not an op
)

var opNames = [NumOps]string{
	OpBegin: "begin", OpEnd: "end", OpFork: "fork", OpJoin: "join",
	OpRead: "read", OpWrite: "write", OpAcquire: "acquire", OpRelease: "release",
	OpWait: "wait", OpNotify: "notify", OpNotifyAll: "notifyAll", OpBranch: "branch",
	OpCall: "call", OpEnter: "enter", OpExit: "exit",
	OpRAcquire: "racquire", OpRRelease: "rrelease",
	OpRequest: "request", OpRRequest: "rrequest",
	OpFence: "fence",
	OpSend:  "send", OpRecv: "recv", OpRecvClosed: "recvclosed", OpClose: "close",
	OpRecvWait: "recvwait", OpDefault: "default", OpLatchWait: "latchwait",
}

// opAliases are the alternative spellings docs/trace-format.md accepts.
var opAliases = map[string]Op{
	"lock": OpAcquire, "acq": OpAcquire, "unlock": OpRelease, "rel": OpRelease,
	"rlock": OpRAcquire, "racq": OpRAcquire, "runlock": OpRRelease, "rrel": OpRRelease,
	"req": OpRequest, "rreq": OpRRequest,
}

// String returns the canonical (text format) name of o.
func (o Op) String() string {
	if o < NumOps {
		return opNames[o]
	}
	return "op?"
}

// ParseOp maps a text-format op name or alias to its Op.
func ParseOp(name string) (Op, bool) {
	for i, n := range opNames {
		if n == name {
			return Op(i), true
		}
	}
	o, ok := opAliases[name]
	return o, ok
}

// IsInvocation reports whether o is call, enter or exit.
func (o Op) IsInvocation() bool { return o == OpCall || o == OpEnter || o == OpExit }

// IsAccess reports whether o is read or write.
func (o Op) IsAccess() bool { return o == OpRead || o == OpWrite }

// IsLock reports whether o acquires or releases a lock, exclusively or
// shared (wait is not counted: it releases and re-acquires in parts).
func (o Op) IsLock() bool {
	return o == OpAcquire || o == OpRelease || o == OpRAcquire || o == OpRRelease
}

// IsChan reports whether o is an operation of a channel (send, recv,
// recvclosed, close).
func (o Op) IsChan() bool { return o >= OpSend && o <= OpClose }

// IsRecv reports whether o receives from a channel (recv or recvclosed).
func (o Op) IsRecv() bool { return o == OpRecv || o == OpRecvClosed }

// IsPending reports whether o is an op that only ends a thread whose
// run ended while it waited: recvwait or latchwait (a request too ends
// one, but its acquire may follow).
func (o Op) IsPending() bool { return o == OpRecvWait || o == OpLatchWait }

// IsRequest reports whether o is request or rrequest.
func (o Op) IsRequest() bool { return o == OpRequest || o == OpRRequest }

// Requested is the op a request announces: acquire for request, racquire
// for rrequest (o itself otherwise).
func (o Op) Requested() Op {
	switch o {
	case OpRequest:
		return OpAcquire
	case OpRRequest:
		return OpRAcquire
	}
	return o
}
