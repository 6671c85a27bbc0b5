package atomicity

import (
	"gpredict/trace"
)

// The reference decides conflict-serializability by its definition, with
// none of Check's machinery: every event gets its transaction (the
// outermost atomic block around it, or its own), every pair of
// conflicting operations in the recorded order gives an edge between
// their transactions, and the run is serializable iff that graph has no
// cycle. It is quadratic and meant for small traces.

// refOp is one operation of the reference: an event, or a wait's
// re-acquire (reacq), with the transaction it belongs to.
type refOp struct {
	ref    trace.EventRef
	reacq  bool
	txn    int
	thread trace.ThreadID
}

// refTxns assigns transactions in the recorded order, expanding waits as
// Check does: a release at the wait, a re-acquire before the thread's next
// event.
func refTxns(tr *trace.Trace, order []trace.EventRef, atomic func(trace.EventRef) bool) ([]refOp, map[trace.EventRef]int) {
	var ops []refOp
	txnOf := map[trace.EventRef]int{}
	depth := make([]int, len(tr.Threads))
	cur := make([]int, len(tr.Threads))
	stack := make([][]bool, len(tr.Threads))
	pending := make([]*trace.EventRef, len(tr.Threads))
	next := 0
	fresh := func() int { next++; return next }
	for _, r := range order {
		t := r.Thread
		if w := pending[t]; w != nil {
			pending[t] = nil
			txn := cur[t]
			if depth[t] == 0 {
				txn = fresh()
			}
			ops = append(ops, refOp{ref: *w, reacq: true, txn: txn, thread: t})
		}
		ev := tr.Event(r)
		switch {
		case ev.Op == trace.OpEnter:
			a := atomic(r)
			stack[t] = append(stack[t], a)
			if a {
				if depth[t] == 0 {
					cur[t] = fresh()
				}
				depth[t]++
			}
		case ev.Op == trace.OpExit:
			a := stack[t][len(stack[t])-1]
			stack[t] = stack[t][:len(stack[t])-1]
			if a {
				depth[t]--
				if depth[t] == 0 {
					txnOf[r] = cur[t] // the exit is in the block
					ops = append(ops, refOp{ref: r, txn: cur[t], thread: t})
					continue
				}
			}
		case ev.Op == trace.OpWait:
			rr := r
			pending[t] = &rr
		}
		txn := cur[t]
		if depth[t] == 0 {
			txn = fresh()
		}
		txnOf[r] = txn
		ops = append(ops, refOp{ref: r, txn: txn, thread: t})
	}
	return ops, txnOf
}

// refConflict reports whether operations a (earlier) and b conflict.
func refConflict(tr *trace.Trace, a, b refOp) bool {
	if a.thread == b.thread {
		return true
	}
	ea, eb := tr.Event(a.ref), tr.Event(b.ref)
	opA, opB := ea.Op, eb.Op
	lockOp := func(op trace.Op) bool { return op == trace.OpAcquire || op == trace.OpRelease || op == trace.OpWait }
	switch {
	case opA.IsAccess() && opB.IsAccess():
		return ea.Obj == eb.Obj && (opA == trace.OpWrite || opB == trace.OpWrite)
	case lockOp(opA) && lockOp(opB):
		return ea.Obj == eb.Obj
	case opA == trace.OpFork:
		return tr.Str(ea.Obj) == tr.ThreadName(b.thread)
	case opB == trace.OpJoin:
		return tr.Str(eb.Obj) == tr.ThreadName(a.thread)
	}
	return false
}

// refSerializable is the reference verdict.
func refSerializable(tr *trace.Trace, order []trace.EventRef, atomic func(trace.EventRef) bool) bool {
	ops, _ := refTxns(tr, order, atomic)
	succ := map[int]map[int]bool{}
	for i := range ops {
		for j := i + 1; j < len(ops); j++ {
			a, b := ops[i], ops[j]
			if a.txn != b.txn && refConflict(tr, a, b) {
				if succ[a.txn] == nil {
					succ[a.txn] = map[int]bool{}
				}
				succ[a.txn][b.txn] = true
			}
		}
	}
	const white, grey, black = 0, 1, 2
	color := map[int]int{}
	var cyclic func(n int) bool
	cyclic = func(n int) bool {
		color[n] = grey
		for m := range succ[n] {
			if color[m] == grey || color[m] == white && cyclic(m) {
				return true
			}
		}
		color[n] = black
		return false
	}
	for n := range succ {
		if color[n] == white && cyclic(n) {
			return false
		}
	}
	return true
}
