package closure

import (
	"bytes"
	"testing"

	"gpredict/encode"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// The engine's edge budget must be large enough for the refutations of a
// busy recording. On the benchmarks' dense recording of 100K events
// (bench/scale.sh), the race T1#4580 ‖ T2#4306 on V40 is refuted by a
// chain of some 320 read-write and lock orders near the chosen events;
// with the budget at 256 the saturation stopped short of it, and the
// candidate reached the slice-based solver stages with a 36,603-event
// slice and ended unknown. The generator is deterministic, so the events
// named here are the same on every run; a change to the generator shows
// up as the check of the two events below failing.
func TestDefaultBudgetRefutesDenseRecording(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and indexes a 100K-event recording")
	}
	var buf bytes.Buffer
	if err := tracegen.WriteBench(&buf, "dense", 100000, 1); err != nil {
		t.Fatal(err)
	}
	b := trace.NewBuilder()
	if err := trace.ReadFrom(b, "dense-100k.std", trace.FormatSTD, &buf); err != nil {
		t.Fatal(err)
	}
	tr := b.Finish()
	refs, err := tr.ParseRefs("T1#4580 T2#4306")
	if err != nil {
		t.Fatal(err)
	}
	w, r := tr.Event(refs[0]), tr.Event(refs[1])
	if w.Op != trace.OpWrite || r.Op != trace.OpRead || tr.Str(w.Obj) != "V40" || tr.Str(r.Obj) != "V40" {
		t.Fatalf("the generator changed: T1#4580 is %s %s and T2#4306 is %s %s, want a write and a read of V40",
			w.Op, tr.Str(w.Obj), r.Op, tr.Str(r.Obj))
	}
	// Over the must-read-from clocks, as the saturate stage also runs it
	// (encode.Index.ReadFromView): over the strengthened ones the larger
	// must-set moves the zones away from the refuting facts.
	x := encode.NewReadFromIndex(tr, trace.BranchesImplicit)
	res := Saturate(x, Chain{Groups: [][]trace.EventRef{refs}}, DefaultConfig(true))
	if !res.Refuted {
		t.Fatalf("not refuted with the default budget (%d edges, cut %v)", len(res.Edges), res.Cut)
	}
	t.Logf("refuted with %d edges: %s", len(res.Edges), res.Why)
}
