package explain

import (
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

const verifyTrace = `init z 5
T1 fork T2
T1 acquire l
T1 write x 1
T1 release l
T1 join T2
T2 read x 1
T2 acquire l
T2 wait l
T2 release l
T2 write x 2
T2 write x 3
T2 read x 3
T2 branch
T3 notify l
T3 notifyAll l
`

// Verify accepts the facts that hold in the trace and rejects each of
// them made false in one respect, so that a test holding explanations to
// it can fail.
func TestVerify(t *testing.T) {
	tr := testtrace.Text(t, verifyTrace)
	at := func(id string) trace.EventRef {
		r, ok := tr.Ref(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		return r
	}
	evs := func(ids ...string) []trace.EventRef {
		var out []trace.EventRef
		for _, id := range ids {
			out = append(out, at(id))
		}
		return out
	}
	imp, exp := trace.BranchesImplicit, trace.BranchesExplicit
	cases := []struct {
		name  string
		model trace.BranchModel
		f     Fact
		ok    bool
	}{
		{"program order", imp, Fact{Kind: ProgramOrder, Events: evs("T1#1", "T1#3", "T1#5")}, true},
		{"program order backwards", imp, Fact{Kind: ProgramOrder, Events: evs("T1#3", "T1#1")}, false},
		{"program order across threads", imp, Fact{Kind: ProgramOrder, Events: evs("T1#1", "T2#1")}, false},
		{"fork", imp, Fact{Kind: Fork, Events: evs("T1#1", "T2#1")}, true},
		{"fork of another event", imp, Fact{Kind: Fork, Events: evs("T1#1", "T2#2")}, false},
		{"join", imp, Fact{Kind: Join, Events: evs("T2#8", "T1#5")}, true},
		{"join before the last event", imp, Fact{Kind: Join, Events: evs("T2#7", "T1#5")}, false},
		{"wait parts", imp, Fact{Kind: WaitParts, Events: evs("T2#3")}, true},
		{"wait parts of a read", imp, Fact{Kind: WaitParts, Events: evs("T2#1")}, false},
		{"read value", imp, Fact{Kind: ReadValue, Events: evs("T2#1"), Var: "x", Value: "1", Writers: evs("T1#3"), Others: evs("T2#5", "T2#6")}, true},
		{"read value, a writer left out", imp, Fact{Kind: ReadValue, Events: evs("T2#1"), Var: "x", Value: "1", Others: evs("T2#5", "T2#6")}, false},
		{"read value, another value", imp, Fact{Kind: ReadValue, Events: evs("T2#1"), Var: "x", Value: "2", Writers: evs("T2#5"), Others: evs("T1#3", "T2#6")}, false},
		{"asked read of the initial value", imp, Fact{Kind: AskedRead, Events: evs("T2#1"), Var: "x", Value: "0", Initial: true, Others: evs("T1#3", "T2#5", "T2#6")}, true},
		{"asked read, not initial", imp, Fact{Kind: AskedRead, Events: evs("T2#1"), Var: "x", Value: "0", Others: evs("T1#3", "T2#5", "T2#6")}, false},
		{"must read from", imp, Fact{Kind: MustReadFrom, Events: evs("T1#3", "T2#1", "T2#2"), Var: "x", Value: "1"}, true},
		{"must read from, explicit model", exp, Fact{Kind: MustReadFrom, Events: evs("T1#3", "T2#1", "T2#2"), Var: "x", Value: "1"}, false},
		{"must read from a branch", exp, Fact{Kind: MustReadFrom, Events: evs("T1#3", "T2#1", "T2#8"), Var: "x", Value: "1"}, true},
		{"read required", imp, Fact{Kind: ReadRequired, Events: evs("T2#1", "T2#2")}, true},
		{"read required, explicit model", exp, Fact{Kind: ReadRequired, Events: evs("T2#1", "T2#2")}, false},
		{"branch required", exp, Fact{Kind: BranchRequired, Events: evs("T2#8", "T2#7")}, true},
		{"branch required, not the last read", exp, Fact{Kind: BranchRequired, Events: evs("T2#8", "T2#1")}, false},
		{"lock", imp, Fact{Kind: LockExclusion, Events: evs("T1#2", "T2#2"), Lock: "l", Ends: []int{3, 2}}, true},
		{"lock, wrong end", imp, Fact{Kind: LockExclusion, Events: evs("T1#2", "T2#2"), Lock: "l", Ends: []int{3, 3}}, false},
		{"lock, not a hold start", imp, Fact{Kind: LockExclusion, Events: evs("T1#3", "T2#2"), Lock: "l", Ends: []int{3, 2}}, false},
		{"notify window", imp, Fact{Kind: NotifyWindow, Events: evs("T2#3", "T3#2")}, true},
		{"notify once of a notifyAll", imp, Fact{Kind: NotifyOnce, Events: evs("T3#2", "T2#3", "T2#3")}, false},
		{"notify needed", imp, Fact{Kind: NotifyNeeded, Events: evs("T2#3"), Signal: "l", Notifies: evs("T3#1", "T3#2")}, true},
		{"notify needed, one left out", imp, Fact{Kind: NotifyNeeded, Events: evs("T2#3"), Signal: "l", Notifies: evs("T3#1")}, false},
		{"overwritten", imp, Fact{Kind: Overwritten, Events: evs("T2#5", "T2#6", "T2#7"), Var: "x", Value: "3"}, true},
		{"overwritten, not between", imp, Fact{Kind: Overwritten, Events: evs("T2#6", "T2#5", "T2#7"), Var: "x", Value: "2"}, false},
		{"overwritten, concurrent", imp, Fact{Kind: Overwritten, Events: evs("T1#3", "T2#5", "T2#7"), Var: "x", Value: "2"}, false},
		{"write after", imp, Fact{Kind: WriteAfter, Events: evs("T2#1", "T2#5")}, true},
		{"write after, before", imp, Fact{Kind: WriteAfter, Events: evs("T2#1", "T1#3")}, false},
	}
	for _, c := range cases {
		c.f.render(tr)
		err := Verify(tr, c.model, c.f)
		if (err == nil) != c.ok {
			t.Errorf("%s: %q: Verify says %v, want ok=%v", c.name, c.f.Text, err, c.ok)
		}
	}
	// A sentence that does not name the events it is about fails too.
	f := Fact{Kind: ProgramOrder, Events: evs("T1#1", "T1#3"), Text: "T1#1 comes before T1#33 in program order"}
	if Verify(tr, imp, f) == nil {
		t.Errorf("%q: accepted for T1#1 and T1#3", f.Text)
	}
}
