package explore

import (
	"reflect"
	"testing"

	"gpredict/encode"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

const (
	imp = trace.BranchesImplicit
	exp = trace.BranchesExplicit
)

// raceProperty is `w(t1) || a(t2)` over a location parameter: a write and
// another access of the same variable by different threads, adjacent.
func raceProperty() *spec.Property {
	return property([]string{"v"}, []string{"w", "a"},
		node(spec.PatPar, ev(0), ev(1)), occ("w", 0, "t1"), occ("a", 1, "t2"))
}

func raceEvents(tr *trace.Trace) [][]spec.PropEvent {
	return matchBy(tr, 2, func(d int, e *trace.Event) ([]trace.Sym, bool) {
		if e.Op == trace.OpWrite || (d == 1 && e.Op == trace.OpRead) {
			return []trace.Sym{e.Obj}, true
		}
		return nil, false
	})
}

// FIG. 4: (3,10) is a race only under the explicit branch model; (4,8)
// and (12,15) never are.
func TestFig4(t *testing.T) {
	tr := readTrace(t, "fig4.trace")
	p := raceProperty()
	alt := &p.Normal.Alts[0]
	for _, tc := range []struct {
		a, b  string
		model trace.BranchModel
		want  bool
	}{
		{"T1#3", "T2#5", exp, true}, {"T1#3", "T2#5", imp, false},
		{"T1#4", "T2#3", exp, false}, {"T1#4", "T2#3", imp, false},
		{"T2#7", "T1#7", exp, false}, {"T2#7", "T1#7", imp, false},
	} {
		choice := []trace.EventRef{ref(t, tr, tc.a), ref(t, tr, tc.b)}
		ok, sched := Decide(tr, tc.model, encode.Candidate{Alt: alt, Choice: choice})
		if ok != tc.want {
			t.Errorf("(%s,%s) under %s: got %v, want %v", tc.a, tc.b, tc.model, ok, tc.want)
		}
		if ok {
			checkWitness(t, tr, tc.model, alt, choice, sched)
		}
	}
	for _, model := range []trace.BranchModel{imp, exp} {
		var got [][]string
		for _, v := range Violations(tr, model, p, raceEvents(tr)) {
			checkWitness(t, tr, model, alt, v.Choice, v.Schedule)
			got = append(got, ids(tr, v.Choice))
		}
		var want [][]string
		if model == exp {
			want = [][]string{{"T1#3", "T2#5"}}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: violations %v, want %v", model, got, want)
		}
	}
}

// A deliberately wrong witness is rejected: the explicit-model witness of
// the FIG. 4 race relies on T2#3 reading a value it did not read, which
// the implicit model forbids; and a witness with its last step moved
// before its first is not a schedule.
func TestWrongWitnessRejected(t *testing.T) {
	tr := readTrace(t, "fig4.trace")
	alt := &raceProperty().Normal.Alts[0]
	choice := []trace.EventRef{ref(t, tr, "T1#3"), ref(t, tr, "T2#5")}
	ok, sched := Decide(tr, exp, encode.Candidate{Alt: alt, Choice: choice})
	if !ok {
		t.Fatal("no witness")
	}
	if err := replay.Validate(tr, imp, sched); err == nil {
		t.Error("implicit model accepted the explicit-model witness")
	}
	moved := append([]replay.Step{sched[len(sched)-1]}, sched[:len(sched)-1]...)
	if err := replay.Validate(tr, exp, moved); err == nil {
		t.Error("reordered witness accepted")
	}
	gap := append(append([]replay.Step(nil), sched...), replay.Step{Ref: ref(t, tr, "T2#6")})
	gap[len(gap)-1], gap[len(gap)-2] = gap[len(gap)-2], gap[len(gap)-1]
	if err := replay.CheckPattern(tr, alt, choice, gap); err == nil {
		t.Error("witness with a step inside the race block accepted")
	}
}

// FIG. 8 (examples/iterator.trace): exactly one UnsafeIterator violation,
// create T1#3, update T2#1, next T1#4. The pattern `create next* update+
// next` normalises to `create update next`.
func TestFig8UnsafeIterator(t *testing.T) {
	tr := readTrace(t, "fig8.trace")
	p := property([]string{"c", "i"}, []string{"create", "update", "next"},
		node(spec.PatSeq, ev(0), ev(1), ev(2)), occ("create", 0, ""), occ("update", 1, ""), occ("next", 2, ""))
	events := matchBy(tr, 3, func(d int, e *trace.Event) ([]trace.Sym, bool) {
		if e.Op != trace.OpCall {
			return nil, false
		}
		name := tr.Signature(e.Obj).Name
		switch {
		case d == 0 && name == "iterator":
			return []trace.Sym{e.Target, e.Result}, true
		case d == 1 && name == "add":
			return []trace.Sym{e.Target, trace.NoSym}, true
		case d == 2 && name == "next":
			return []trace.Sym{trace.NoSym, e.Target}, true
		}
		return nil, false
	})
	for _, model := range []trace.BranchModel{imp, exp} {
		vs := Violations(tr, model, p, events)
		if len(vs) != 1 {
			t.Fatalf("%s: %d violations, want 1: %+v", model, len(vs), vs)
		}
		v := vs[0]
		if got := ids(tr, v.Choice); !reflect.DeepEqual(got, []string{"T1#3", "T2#1", "T1#4"}) {
			t.Errorf("%s: choice %v", model, got)
		}
		if tr.Str(v.Binding[0]) != "c" || tr.Str(v.Binding[1]) != "i1" {
			t.Errorf("%s: binding %s %s", model, tr.Str(v.Binding[0]), tr.Str(v.Binding[1]))
		}
		checkWitness(t, tr, model, &p.Normal.Alts[0], v.Choice, v.Schedule)
	}
}

// FIG. 14: one notify never wakes both waiters, so the two releases after
// the waits are never both reached; each alone is.
func TestFig14(t *testing.T) {
	tr := readTrace(t, "fig14.trace")
	seq := &spec.Alternative{Root: node(spec.PatSeq, ev(0), ev(1)), Occs: []spec.Occurrence{occ("e", 0, ""), occ("e", 0, "")}}
	one := &spec.Alternative{Root: ev(0), Occs: []spec.Occurrence{occ("e", 0, "")}}
	for _, model := range []trace.BranchModel{imp, exp} {
		for _, tc := range []struct {
			alt    *spec.Alternative
			choice []string
			want   bool
		}{
			{seq, []string{"T1#3", "T2#3"}, false},
			{seq, []string{"T2#3", "T1#3"}, false},
			{one, []string{"T1#3"}, true},
			{one, []string{"T2#3"}, true},
			{seq, []string{"T3#3", "T1#3"}, true},
			{seq, []string{"T1#3", "T3#3"}, false}, // T1 re-acquires l only after T3 releases it
		} {
			var choice []trace.EventRef
			for _, id := range tc.choice {
				choice = append(choice, ref(t, tr, id))
			}
			ok, sched := Decide(tr, model, encode.Candidate{Alt: tc.alt, Choice: choice})
			if ok != tc.want {
				t.Errorf("%s %v: got %v want %v", model, tc.choice, ok, tc.want)
			}
			if ok {
				checkWitness(t, tr, model, tc.alt, choice, sched)
			}
		}
	}
}

// Velodrome's read-modify-write example: a write of another thread can
// come between the read and the write of the atomic block.
func TestVelodromeRMW(t *testing.T) {
	tr := readTrace(t, "rmw.trace")
	occs := []spec.Occurrence{
		{Event: "begin", Decl: 0, Thread: "t1", Region: "r"},
		occ("rd", 2, "t1"), occ("wr", 3, "t2"), occ("wr", 3, "t1"),
		{Event: "end", Decl: 1, Thread: "t1", Region: "r", RegionEnd: true},
	}
	p := property(nil, []string{"begin", "end", "rd", "wr"}, node(spec.PatSeq, ev(0), ev(1), ev(2), ev(3), ev(4)), occs...)
	events := matchBy(tr, 4, func(d int, e *trace.Event) ([]trace.Sym, bool) {
		ok := d == 0 && e.Op == trace.OpEnter || d == 1 && e.Op == trace.OpExit ||
			d == 2 && e.Op == trace.OpRead || d == 3 && e.Op == trace.OpWrite
		return []trace.Sym{}, ok
	})
	for _, model := range []trace.BranchModel{imp, exp} {
		vs := Violations(tr, model, p, events)
		if len(vs) != 1 {
			t.Fatalf("%s: %d violations, want 1", model, len(vs))
		}
		if got := ids(tr, vs[0].Choice); !reflect.DeepEqual(got, []string{"T1#1", "T1#2", "T2#1", "T1#3", "T1#4"}) {
			t.Errorf("%s: choice %v", model, got)
		}
		checkWitness(t, tr, model, &p.Normal.Alts[0], vs[0].Choice, vs[0].Schedule)
	}
}
