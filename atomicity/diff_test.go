package atomicity

import (
	"fmt"
	"math/rand"
	"testing"

	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// On random recorded executions (internal/tracegen, in simulated order)
// Check agrees with the reference on every verdict, and every cycle it
// reports is a real one: each edge a conflict in the recorded order,
// consecutive edges meeting in one transaction (or joined by thread
// order), the cycle starting and
// ending in the blamed transaction, and an "increasing" cycle really
// increasing.
func TestDifferential(t *testing.T) {
	cfgs := []tracegen.Config{
		{Recorded: true},
		{Recorded: true, Threads: 3, Events: 40, Vars: 2},
		{Recorded: true, Threads: 3, Events: 60, Vars: 1, Locks: 1},
		{Recorded: true, Threads: 4, Events: 40, Vars: 3, Locks: 2, WaitWeight: 3, JoinWeight: 3},
	}
	var verdicts [2]int
	for seed := int64(0); seed < 3000; seed++ {
		cfg := cfgs[seed%int64(len(cfgs))]
		tr := tracegen.Random(rand.New(rand.NewSource(seed)), cfg)
		order, err := RecordedOrder(tr)
		if err != nil {
			t.Fatal(err)
		}
		atomic := namedAtomic(tr)
		res := Check(tr, order, Options{Atomic: atomic})
		want := refSerializable(tr, order, atomic)
		if res.Serializable() != want {
			t.Fatalf("seed %d: Check says serializable=%v (%s), the reference %v; trace:\n%s", seed, res.Serializable(), describe(tr, res), want, dump(tr, order))
		}
		if want {
			verdicts[0]++
		} else {
			verdicts[1]++
		}
		for _, v := range res.Violations {
			if err := checkCycle(tr, order, atomic, v); err != nil {
				t.Fatalf("seed %d: %s: %v; trace:\n%s", seed, describe(tr, res), err, dump(tr, order))
			}
		}
	}
	t.Logf("%d serializable, %d not", verdicts[0], verdicts[1])
	if verdicts[0] < 300 || verdicts[1] < 300 {
		t.Errorf("verdicts %v: want at least 300 of each, or the comparison says little", verdicts)
	}
}

// checkCycle checks v's cycle against the reference's transactions.
func checkCycle(tr *trace.Trace, order []trace.EventRef, atomic func(trace.EventRef) bool, v *Violation) error {
	ops, _ := refTxns(tr, order, atomic)
	// Where each event's operation is; a wait as the head of a lock edge
	// is its re-acquire.
	at := map[trace.EventRef]int{}
	reacq := map[trace.EventRef]int{}
	for i, op := range ops {
		if op.reacq {
			reacq[op.ref] = i
		} else {
			at[op.ref] = i
		}
	}
	head := func(e Edge) (int, bool) {
		if e.Reacquire {
			i, ok := reacq[e.To]
			return i, ok
		}
		i, ok := at[e.To]
		return i, ok
	}
	blamedTxn := ops[at[v.Transaction.Enter]].txn
	for k, e := range v.Cycle {
		i, j := at[e.From], 0
		var ok bool
		if j, ok = head(e); !ok {
			return fmt.Errorf("edge %d: %s has no re-acquire", k, tr.ID(e.To))
		}
		if i >= j || !refConflict(tr, ops[i], ops[j]) || ops[i].txn == ops[j].txn {
			return fmt.Errorf("edge %d %s>%s (%s) is not a conflict between transactions in order", k, tr.ID(e.From), tr.ID(e.To), e.Kind)
		}
		if k+1 < len(v.Cycle) {
			next := v.Cycle[k+1].From
			// They meet in one transaction, or in two of one thread in
			// thread order (Check merges a thread's operations outside
			// blocks into one node; thread order connects them).
			sameTxn := ops[j].txn == ops[at[next]].txn
			inOrder := e.To.Thread == next.Thread && j <= at[next]
			if !sameTxn && !inOrder {
				return fmt.Errorf("edges %d and %d do not meet in one transaction", k, k+1)
			}
			if v.Increasing && e.To.Index > next.Index {
				return fmt.Errorf("claimed increasing, but %s is entered at %s after it is left at %s", tr.ThreadName(e.To.Thread), tr.ID(e.To), tr.ID(next))
			}
		}
	}
	first, last := v.Cycle[0], v.Cycle[len(v.Cycle)-1]
	if ops[at[first.From]].txn != blamedTxn {
		return fmt.Errorf("the cycle does not start in the blamed transaction")
	}
	if j, _ := head(last); ops[j].txn != blamedTxn {
		return fmt.Errorf("the cycle does not end in the blamed transaction")
	}
	return nil
}

// dump renders a trace in its recorded order, for failure messages.
func dump(tr *trace.Trace, order []trace.EventRef) string {
	s := ""
	for _, r := range order {
		ev := tr.Event(r)
		s += fmt.Sprintf("  %-6s %s %s %s\n", tr.ID(r), ev.Op, tr.Str(ev.Obj), tr.Str(ev.Val))
	}
	return s
}
