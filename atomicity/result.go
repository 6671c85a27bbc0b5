package atomicity

import "gpredict/trace"

// Result is the outcome of Check.
type Result struct {
	// Violations are the transactions found not serializable, in the
	// order their cycles closed; each transaction appears once.
	Violations []*Violation
	Stats      Stats
	// Interrupted says that Options.Stop ended the analysis after the
	// first Checked events of the order: Violations are those found in
	// them, and the run as a whole is not known to be serializable.
	Interrupted bool
	Checked     int
}

// Serializable reports whether the observed run is conflict-serializable:
// no violation, and every event checked.
func (r *Result) Serializable() bool { return len(r.Violations) == 0 && !r.Interrupted }

// Stats counts what the analysis saw and how large its graph grew.
type Stats struct {
	Threads int
	Events  int
	// Transactions counts outermost atomic blocks; Blocks counts atomic
	// blocks at any depth.
	Transactions, Blocks int
	// Nodes is the number of graph nodes ever allocated, MaxLive the most
	// alive at once (garbage collection keeps it small), Edges the number
	// of distinct edges added.
	Nodes, MaxLive, Edges int
}

// Block is one atomic block: its enter event and, once it has been seen,
// its matching exit.
type Block struct {
	Enter trace.EventRef
	Exit  trace.EventRef
	// Closed is false for a block still open when the trace ends.
	Closed bool
}

// Conflict is why one event of a cycle must come before the next.
type Conflict uint8

const (
	// ThreadOrder: two events of one thread in different transactions.
	ThreadOrder Conflict = iota
	// Access: two accesses to one variable, at least one a write.
	Access
	// Lock: a release (or a wait's release) and a later acquire (or a
	// wait's re-acquire) of the same lock.
	Lock
	// Fork: a fork and an event of the thread it starts.
	Fork
	// Join: an event of a thread and the join that waits for it.
	Join
)

func (c Conflict) String() string {
	return [...]string{"thread order", "access", "lock", "fork", "join"}[c]
}

// Edge says that event From precedes event To in the observed run and
// that they conflict, so no equivalent run can swap them.
type Edge struct {
	From, To trace.EventRef
	// FromBlock and ToBlock are the outermost atomic blocks the events
	// are in (nil: outside blocks, a transaction of its own).
	FromBlock, ToBlock *Block
	Kind               Conflict
	// Reacquire says that To is a wait and stands for its re-acquire of
	// the lock (which comes just before its thread's next event), not its
	// release.
	Reacquire bool
}

// Violation is one transaction that closes a cycle of the transactional
// happens-before graph: its own event Cycle[0].From comes before a chain
// of conflicting events of other transactions that comes before its event
// Cycle[len-1].To.
type Violation struct {
	Thread trace.ThreadID
	// Transaction is the outermost atomic block of the transaction.
	Transaction *Block
	// Blamed are the atomic blocks refuted, outermost first: the open
	// blocks that hold both ends of the cycle (Velodrome 4.3). When the
	// cycle is not Increasing only the transaction itself is named.
	Blamed []*Block
	// Cycle lists the conflicts of the cycle in order. Consecutive edges
	// meet in one transaction: Cycle[i].To and Cycle[i+1].From are events
	// of the same thread and transaction (possibly the same event).
	Cycle []Edge
	// Increasing is true when, in every transaction of the cycle but the
	// blamed one, the event the cycle enters by comes no later than the
	// event it leaves by: the cycle is then a chain of operations, and
	// the blamed transaction is not serializable on its own, whatever the
	// others do. Otherwise the cycle shows that the transactions together
	// are not serializable, and the blame falls on the one that closed it.
	Increasing bool
	// Cycles counts the conflicts that closed a cycle in this transaction
	// (at least 1); only the first is kept.
	Cycles int
}
