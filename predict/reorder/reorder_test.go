package reorder

import (
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// The three ways of closing what the chosen events need, on traces whose
// file order is the base order. Each case lists what the kinds find: a
// witness (its schedule) or nothing. That every witness is valid and every
// race of the kinds found on thousands of random traces is checked against
// the reference explorer in package predict (z3diff_test.go).
func TestKinds(t *testing.T) {
	tests := []struct {
		name, trace, block string
		shb, syncp, lazy   string // the witness, or "" for none
	}{
		{"unordered writes", `
T1 write x 1
T2 write x 2`, "T1#1 T2#1", "T1#1 T2#1", "T1#1 T2#1", "T1#1 T2#1"},
		// The recorded lock order puts T1's write before T2's (SHB), but
		// T2's hold can go first: T1's hold is not needed at all.
		{"a lock hold that need not go first", `
T1 write x 1
T1 acquire l
T1 release l
T2 acquire l
T2 release l
T2 write x 2`, "T1#1 T2#3", "", "T2#1 T2#2 T1#1 T2#3", "T2#1 T2#2 T1#1 T2#3"},
		// T2 read x=1 from T1's second write in the recording, after the
		// race's event; the first write gives the same value.
		{"a read that can take its value from an earlier write", `
T1 write x 1
T1 write y 1
T1 write x 1
T2 read x 1
T2 write y 2`, "T1#2 T2#2", "", "", "T1#1 T2#1 T1#2 T2#2"},
		// Here no earlier write gives the value: no reordering of the
		// recording shows the race.
		{"a read whose value only a later write gives", `
T1 write x 1
T1 write y 1
T1 write x 2
T2 read x 2
T2 write y 2`, "T1#2 T2#2", "", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, block := testtrace.Parse(t, tc.trace, tc.block)
			x := encode.NewModelIndex(tr, trace.BranchesImplicit)
			c := New(x, baseOrder(tr))
			noMark := func(int) int { return 0 }
			for _, k := range []struct {
				name string
				want string
				find func() (int, []replay.Step, bool)
			}{
				{"shb", tc.shb, func() (int, []replay.Step, bool) { return c.Block(block, SHB, noMark) }},
				{"syncp", tc.syncp, func() (int, []replay.Step, bool) { return c.Block(block, SyncP, noMark) }},
				{"lazy", tc.lazy, func() (int, []replay.Step, bool) { return c.Lazy(block, noMark) }},
			} {
				_, steps, ok := k.find()
				got := ""
				if ok {
					got = format(tr, steps)
				}
				if got != k.want {
					t.Errorf("%s: got %q, want %q", k.name, got, k.want)
				}
				if ok {
					if err := replay.Validate(tr, trace.BranchesImplicit, steps); err != nil {
						t.Errorf("%s: the witness is not valid: %v", k.name, err)
					}
				}
			}
		})
	}
}

// baseOrder is tr's events in file order, as one schedule.
func baseOrder(tr *trace.Trace) []replay.Step {
	type at struct {
		pos uint32
		ref trace.EventRef
	}
	var all []at
	for _, th := range tr.Threads {
		for i, a := range th.Arrival {
			all = append(all, at{a, trace.EventRef{Thread: th.ID, Index: uint32(i)}})
		}
	}
	steps := make([]replay.Step, len(all))
	for _, a := range all {
		steps[a.pos] = replay.Step{Ref: a.ref}
	}
	return steps
}

func format(tr *trace.Trace, steps []replay.Step) string {
	var ids []string
	for _, s := range steps {
		ids = append(ids, s.Format(tr))
	}
	return strings.Join(ids, " ")
}
