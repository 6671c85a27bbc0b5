package encode

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func ev(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func node(k spec.PatKind, kids ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: k, Kids: kids}
}
func alt(root *spec.PatNode, n int) *spec.Alternative {
	a := &spec.Alternative{Root: root}
	for i := 0; i < n; i++ {
		a.Occs = append(a.Occs, spec.Occurrence{Event: string(rune('a' + i)), Decl: i})
	}
	return a
}

func TestSliceClosure(t *testing.T) {
	tests := []struct {
		name, trace, choice string
		root                *spec.PatNode
		want                string // prefix lengths per thread
	}{
		{"prefix only", "T1 write x 1\nT1 write y 1\nT2 write z 1\nT2 write z 2", "T1#1 T2#1", node(spec.PatPar, ev(0), ev(1)), "1,1"},
		{"read pulls the writes of its value", "T1 read x 1\nT2 write y 1\nT2 write x 1\nT2 write x 2\nT3 write x 1", "T1#1", ev(0), "1,2,1"},
		{"fork pulls the forker", "T1 write y 1\nT1 fork T2\nT1 write y 2\nT2 write x 1", "T2#1", ev(0), "2,1"},
		{"join pulls the child", "T1 fork T2\nT1 join T2\nT2 write x 1\nT2 write x 2", "T1#2", ev(0), "2,2"},
		{"wait pulls the notifies", "T1 acquire l\nT1 wait l\nT1 release l\nT2 write y 1\nT2 notify l", "T1#2", ev(0), "2,2"},
		{"contended lock pulls the release", "T1 acquire l\nT1 write x 1\nT1 write y 1\nT1 release l\nT2 acquire l\nT2 write x 2", "T1#2 T2#2", node(spec.PatPar, ev(0), ev(1)), "4,2"},
		{"uncontended lock does not", "T1 acquire l\nT1 write x 1\nT1 release l\nT2 write x 2", "T1#2 T2#1", node(spec.PatPar, ev(0), ev(1)), "2,1"},
		{"negated race takes the whole trace", "T1 write x 1\nT1 write y 1\nT2 write x 2\nT3 write z 1", "T1#1 T2#1",
			node(spec.PatNot, node(spec.PatPar, ev(0), ev(1))), "2,1,1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			ch := testtrace.Refs(t, tr, tc.choice)
			sl, err := SliceFor(NewIndex(tr), Candidate{Alt: alt(tc.root, len(ch)), Choice: ch}, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if got := sl.Key(); got != tc.want {
				t.Errorf("slice %s, want %s", got, tc.want)
			}
		})
	}
}

func TestFormulaFolding(t *testing.T) {
	if Lt(3, 3).Kind != KFalse || NotLt(3, 3).Kind != KTrue {
		t.Error("a step is never before itself")
	}
	if f := NotLt(1, 2); f.Kind != KLt || f.A != 2 || f.B != 1 {
		t.Errorf("NotLt(1,2) = %+v, want 2 < 1", f)
	}
	if And(True(), Lt(1, 2), False()).Kind != KFalse || Or(False(), Lt(1, 2), True()).Kind != KTrue {
		t.Error("constants do not fold")
	}
	if f := And(Lt(1, 2), And(Lt(2, 3), Lt(3, 4))); f.Kind != KAnd || len(f.Kids) != 3 {
		t.Errorf("nested And not flattened: %+v", f)
	}
}

func TestMHBPrunesLockPairs(t *testing.T) {
	// T2 is forked after T1's hold ends: no disjunction is needed.
	tr := testtrace.Text(t, "T1 acquire l\nT1 release l\nT1 fork T2\nT2 acquire l\nT2 release l\nT3 acquire l\nT3 release l")
	p := NewProblem(NewIndex(tr), trace.BranchesImplicit, FullSlice(tr))
	var locks int
	for _, c := range p.Causal {
		if c.Origin.Family == FamLock {
			locks++
		}
	}
	if locks != 2 { // T1–T3 and T2–T3
		t.Errorf("%d lock constraints, want 2", locks)
	}
}

func TestScheduleBreaksTies(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 acquire l\nT2 wait l\nT2 release l")
	p := NewProblem(NewIndex(tr), trace.BranchesImplicit, FullSlice(tr))
	vals := map[Var]int64{p.Cut: 5}
	for v, s := range p.Steps {
		switch {
		case s.Ref.Thread == 0:
			vals[Var(v)] = 1 // tied with T2#1
		case s.Ref.Index == 0:
			vals[Var(v)] = 1
		case s.Part == Release:
			vals[Var(v)] = 2
		default:
			vals[Var(v)] = 5 // tied with the cut: outside
		}
	}
	var got []string
	for _, s := range p.With(nil).schedule(func(v Var) int64 { return vals[v] }) {
		got = append(got, p.StepName(s))
	}
	if want := "T1#1 T2#1 T2#2.release"; strings.Join(got, " ") != want {
		t.Errorf("schedule %q, want %q", strings.Join(got, " "), want)
	}
}

func TestSMTLIBGolden(t *testing.T) {
	tests := []struct {
		name, trace, choice string
		model               trace.BranchModel
		alt                 *spec.Alternative
	}{
		{"race_lock", "T1 acquire l\nT1 write x 1\nT1 release l\nT2 read x 1\nT2 acquire l\nT2 write x 2\nT2 release l",
			"T1#2 T2#3", trace.BranchesImplicit, alt(node(spec.PatPar, ev(0), ev(1)), 2)},
		{"wait_notify_explicit", "T1 acquire l\nT1 read y 1\nT1 branch\nT1 wait l\nT1 release l\nT2 write y 1\nT2 acquire l\nT2 notify l\nT2 release l",
			"T1#5 T2#1", trace.BranchesExplicit, alt(node(spec.PatNot, node(spec.PatSeq, ev(0), ev(1))), 2)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			c := Candidate{Alt: tc.alt, Choice: testtrace.Refs(t, tr, tc.choice)}
			idx := NewIndex(tr)
			sl, err := SliceFor(idx, c, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			p := NewProblem(idx, tc.model, sl)
			var buf bytes.Buffer
			if err := p.Pattern(c).WriteSMTLIB(&buf, tc.name); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tc.name+".smt2")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("dump differs from %s:\n%s", golden, buf.String())
			}
		})
	}
}
