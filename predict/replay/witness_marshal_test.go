package replay

import (
	"math/rand"
	"reflect"
	"testing"

	"gpredict/trace"
)

// marshalTrace is a trace of threads threads, each with events events
// (the commits of a witness name events, which must exist).
func marshalTrace(threads, events int) *trace.Trace {
	tr := &trace.Trace{Threads: make([]*trace.Thread, threads)}
	for i := range tr.Threads {
		tr.Threads[i] = &trace.Thread{Events: make([]trace.Event, events)}
	}
	return tr
}

// TestWitnessMarshalRoundTrip: every form Compact keeps a witness in —
// narrow, wide, runs, with commit steps, long enough for tallies, with
// and without a shared head — comes back from Marshal and Unmarshal as
// the same witness, field by field (tallies recomputed, head shared).
func TestWitnessMarshalRoundTrip(t *testing.T) {
	tests := []struct {
		name                 string
		threads, own, shared int
		runs, commits        bool
	}{
		{name: "empty", threads: 3},
		{name: "narrow", threads: 3, own: 100},
		{name: "narrow with tallies", threads: 8, own: 3*tallyChunk + 17},
		{name: "wide", threads: 300, own: 500},
		{name: "runs", threads: 4, own: 2000, runs: true},
		{name: "commits", threads: 4, own: 300, commits: true},
		{name: "from the head", threads: 8, own: 700, shared: 5000},
		{name: "runs from the head", threads: 4, own: 4000, shared: 100, runs: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(tc.own)))
			tr := marshalTrace(tc.threads, tc.own+tc.shared+64)
			steps := func(n int) []Step {
				out := make([]Step, n)
				th := 0
				for i := range out {
					if !tc.runs || rng.Intn(100) == 0 {
						th = rng.Intn(tc.threads)
					}
					out[i] = Step{Ref: trace.EventRef{Thread: trace.ThreadID(th)}}
					if tc.commits && rng.Intn(10) == 0 {
						out[i] = Step{Ref: trace.EventRef{Thread: trace.ThreadID(th), Index: uint32(rng.Intn(64))}, Part: Commit}
					}
				}
				return out
			}
			head := Compact(tr, steps(tc.shared+10))
			w := Compact(tr, steps(tc.own))
			if tc.shared > 0 {
				w = head.Then(tc.shared, tr, steps(tc.own))
			}
			if tc.runs && w.runs == nil || tc.commits && w.commits == nil || tc.own > 2*tallyChunk && !tc.runs && w.tallies == nil {
				t.Fatalf("the case does not build the form it names: %+v", w)
			}
			data, ok := w.Marshal([]byte("prefix"), &head)
			if !ok {
				t.Fatal("Marshal refused a witness over its own head")
			}
			got, err := Unmarshal(tr, &head, data[len("prefix"):])
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, w) {
				t.Fatalf("round trip changed the witness:\n got %+v\nwant %+v", got, w)
			}
			if got.head != w.head {
				t.Fatal("the rebuilt witness does not share the head")
			}
			if again, _ := got.Marshal(nil, &head); string(again) != string(data[len("prefix"):]) {
				t.Fatal("marshalling the rebuilt witness gives other bytes")
			}
		})
	}
}

// TestWitnessMarshalOtherHead: a witness over another head cannot be
// written (it could not be rebuilt), and bytes of a witness with a head
// cannot be read without one.
func TestWitnessMarshalOtherHead(t *testing.T) {
	tr := marshalTrace(2, 4)
	step := []Step{{Ref: trace.EventRef{Thread: 1}}}
	head, other := Compact(tr, step), Compact(tr, step)
	w := head.Then(1, tr, step)
	if _, ok := w.Marshal(nil, &other); ok {
		t.Fatal("Marshal wrote a witness over another head")
	}
	data, _ := w.Marshal(nil, &head)
	if _, err := Unmarshal(tr, nil, data); err == nil {
		t.Fatal("Unmarshal rebuilt a witness without its head")
	}
}

// TestWitnessUnmarshalBad: bytes that do not fit the trace are errors.
func TestWitnessUnmarshalBad(t *testing.T) {
	tr := marshalTrace(2, 4)
	tests := map[string][]byte{
		"empty":          nil,
		"thread too big": {0, 0, kindNarrow, 1, 2, 0},
		"short":          {0, 0, kindNarrow, 3, 1},
		"left over":      {0, 0, kindNarrow, 1, 1, 0, 7},
		"head length":    {0, 5, kindNarrow, 0, 0},
		"empty run":      {0, 0, kindRuns, 2, 0, 1, 1, 1, 0},
		"commit event":   {0, 0, kindNarrow, 1, 1, 1, 0, 1, 9},
		"commit place":   {0, 0, kindNarrow, 1, 1, 1, 4, 1, 0},
		"too many steps": {0, 0, kindRuns, 1, 0, 100},
		"kind":           {0, 0, 9, 0, 0},
	}
	for name, data := range tests {
		t.Run(name, func(t *testing.T) {
			if w, err := Unmarshal(tr, nil, data); err == nil {
				t.Fatalf("no error; got %+v", w)
			}
		})
	}
}

// FuzzWitnessUnmarshal: whatever the bytes, Unmarshal either fails or
// gives a witness whose every step can be read, and which comes back the
// same when written and read again.
func FuzzWitnessUnmarshal(f *testing.F) {
	tr := marshalTrace(3, 8)
	head := Compact(tr, []Step{{Ref: trace.EventRef{Thread: 0}}, {Ref: trace.EventRef{Thread: 2}}})
	for _, s := range [][]Step{
		nil,
		{{Ref: trace.EventRef{Thread: 1}}, {Ref: trace.EventRef{Thread: 2, Index: 3}, Part: Commit}},
	} {
		w := head.Then(1, tr, s)
		data, _ := w.Marshal(nil, &head)
		f.Add(data)
		w = Compact(tr, s)
		data, _ = w.Marshal(nil, &head)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		w, err := Unmarshal(tr, &head, data)
		if err != nil {
			return
		}
		for i := range w.Len() {
			w.Thread(i)
			w.CommitAt(i)
		}
		w.Tally(0, w.Len(), make([]int, 3), make([]bool, 3), nil)
		for th := range 3 {
			w.StepOf(trace.ThreadID(th), 0)
		}
		again, ok := w.Marshal(nil, &head)
		if !ok {
			t.Fatal("a rebuilt witness cannot be written")
		}
		if w2, err := Unmarshal(tr, &head, again); err != nil || !reflect.DeepEqual(w2, w) {
			t.Fatalf("written again (%v) and read, it changed (%v)", again, err)
		}
	})
}
