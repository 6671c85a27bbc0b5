package report

import (
	"encoding/json"
	"strings"
	"testing"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestScheduleJSON: scheduleJSON writes what encoding/json writes for
// the steps' ids (Step.Format), on one line — thread names that JSON
// escapes, every kind of part, indexes past one digit — and reusing its
// buffer does not leak one schedule into the next.
func TestScheduleJSON(t *testing.T) {
	syms := trace.NewSymbols()
	tr := &trace.Trace{Syms: syms}
	for _, name := range []string{"T1", `say "hi"`, "<main>", "ü\\x"} {
		tr.Threads = append(tr.Threads, &trace.Thread{Name: syms.Intern(name)})
	}
	ref := func(t, i int) trace.EventRef { return trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)} }
	tests := []struct {
		name  string
		sched []replay.Step
	}{
		{"empty", nil},
		{"one", []replay.Step{{Ref: ref(0, 0)}}},
		{"escaped names", []replay.Step{{Ref: ref(1, 0)}, {Ref: ref(2, 9)}, {Ref: ref(3, 10)}, {Ref: ref(0, 123456)}}},
		{"parts", []replay.Step{
			{Ref: ref(0, 1), Part: trace.Release}, {Ref: ref(0, 1), Part: trace.Wake}, {Ref: ref(0, 1), Part: trace.Reacquire},
			{Ref: ref(1, 2), Part: trace.Commit}, {Ref: ref(2, 3), Part: trace.CasePart(1)}, {Ref: ref(3, 4), Part: trace.Default},
		}},
	}
	s := newScheduleJSON(tr)
	s.array([]replay.Step{{Ref: ref(0, 99999)}, {Ref: ref(1, 99999)}}) // a longer one first: the buffer is reused
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ids := make([]string, len(tc.sched))
			for i, st := range tc.sched {
				ids[i] = st.Format(tr)
			}
			want, _ := json.Marshal(ids)
			got := string(s.array(tc.sched))
			if strings.ReplaceAll(got, `", "`, `","`) != string(want) {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
			if strings.Contains(got, "\n") {
				t.Fatalf("not on one line: %s", got)
			}
		})
	}
}
