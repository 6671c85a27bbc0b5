package encode

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// closedStop is a stop signal that has closed: a builder given it must
// give up at its first look.
func closedStop() <-chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// limitCase is a limit already reached and the error a builder that
// looks at it returns.
type limitCase struct {
	name string
	lim  Limits
	want error
}

// reachedLimits are the two limits a builder looks at, each reached.
func reachedLimits() []limitCase {
	return []limitCase{
		{"the stop signal", Limits{Stop: closedStop()}, ErrStopped},
		{"the memory budget", Limits{Stop: make(chan struct{}), Tight: func() bool { return true }}, ErrMemory},
	}
}

// twoThreads writes a trace of two threads, T1 forking T2, each doing
// body(t, i) for i < n (body returns the event lines of one round).
func twoThreads(n int, body func(t, i int) string) string {
	var b strings.Builder
	b.WriteString("T1 fork T2\n")
	for t := 1; t <= 2; t++ {
		for i := 0; i < n; i++ {
			b.WriteString(body(t, i))
		}
	}
	return b.String()
}

// TestProblemFamiliesStop: each family's builder leaves its loops once the
// stop signal has closed, after a bounded amount of work (about stopEvery
// iterations), although its slice asks for far more — the lock and
// read-write families grow with the square of the holds of a lock and of
// the writes of a variable. A builder that does not look at the signal
// adds every constraint.
func TestProblemFamiliesStop(t *testing.T) {
	cases := []struct {
		name  string
		src   string
		build func(p *Problem)
	}{
		{"mhb", twoThreads(20000, func(t, i int) string { return fmt.Sprintf("T%d write x%d 1\n", t, i) }),
			(*Problem).encodeMHB},
		{"locks", twoThreads(300, func(t, i int) string { return fmt.Sprintf("T%d acquire l\nT%d release l\n", t, t) }),
			(*Problem).encodeLocks},
		{"signals", twoThreads(60, func(t, i int) string {
			if t == 1 {
				return "T1 notify s\n"
			}
			return "T2 acquire l\nT2 wait l s\nT2 release l\n"
		}), (*Problem).encodeSignals},
		{"readwrite", twoThreads(60, func(t, i int) string { return fmt.Sprintf("T%d write x %d\nT%d read x %d\n", t, i, t, i) }),
			(*Problem).encodeReadWrite},
	}
	for _, tc := range cases {
		for _, lc := range reachedLimits() {
			t.Run(tc.name+"/"+lc.name, func(t *testing.T) {
				tr := testtrace.Text(t, tc.src)
				idx := NewModelIndex(tr, trace.BranchesImplicit)
				sl := FullSlice(tr)
				full := newProblemVars(idx, trace.BranchesImplicit, sl)
				tc.build(full)
				stopped := newProblemVars(idx, trace.BranchesImplicit, sl)
				stopped.building = &watch{lim: lc.lim}
				tc.build(stopped)
				got, all := size(stopped.Causal), size(full.Causal)
				if !errors.Is(stopped.building.err, lc.want) {
					t.Fatalf("the builder ended with %v, want %v (%d formula nodes)", stopped.building.err, lc.want, got)
				}
				if bound := 8 * stopEvery; got > bound || all < 4*bound {
					t.Errorf("stopped after %d of %d formula nodes; want at most %d of many more", got, all, bound)
				}
			})
		}
	}
}

// size counts the nodes of the formulas of cs, the work of building them.
func size(cs []Constraint) int {
	var n func(f *F) int
	n = func(f *F) int {
		k := 1
		for _, kid := range f.Kids {
			k += n(kid)
		}
		return k
	}
	total := 0
	for _, c := range cs {
		total += n(c.F)
	}
	return total
}

// TestNewProblemWithin: the builders report ErrStopped once their stop
// signal has closed, ErrMemory once the memory budget is reached, and
// build the same problem as NewProblem without either.
func TestNewProblemWithin(t *testing.T) {
	tr := testtrace.Text(t, twoThreads(200, func(t, i int) string {
		return fmt.Sprintf("T%d acquire l\nT%d write x %d\nT%d release l\nT%d read x %d\n", t, t, i, t, t, i)
	}))
	idx := NewModelIndex(tr, trace.BranchesImplicit)
	sl := FullSlice(tr)
	builders := map[string]func(*Index, trace.BranchModel, *Slice, Limits) (*Problem, error){
		"full": NewProblemWithin, "reduced": NewReducedProblemWithin,
	}
	plain := map[string]func(*Index, trace.BranchModel, *Slice) *Problem{"full": NewProblem, "reduced": NewReducedProblem}
	for name, build := range builders {
		for _, lc := range reachedLimits() {
			if p, err := build(idx, trace.BranchesImplicit, sl, lc.lim); !errors.Is(err, lc.want) || p != nil {
				t.Errorf("%s: build past %s = %v, %v; want nil, %v", name, lc.name, p, err, lc.want)
			}
		}
		p, err := build(idx, trace.BranchesImplicit, sl, Limits{Stop: make(chan struct{}), Tight: func() bool { return false }})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p.building != nil {
			t.Errorf("%s: the built problem keeps its watch", name)
		}
		if got, want := len(p.Causal), len(plain[name](idx, trace.BranchesImplicit, sl).Causal); got != want {
			t.Errorf("%s: %d constraints with a stop signal, %d without", name, got, want)
		}
	}
}

// TestProblemAtomBound: a problem whose causal constraints hold more
// order atoms than Limits.MaxAtoms is given up with ErrTooLarge; at its
// own count it is built, the same as without a bound.
func TestProblemAtomBound(t *testing.T) {
	traces := map[string]string{
		"writes and reads under a lock": twoThreads(200, func(t, i int) string {
			return fmt.Sprintf("T%d acquire l\nT%d write x %d\nT%d release l\nT%d read x %d\n", t, t, i, t, t, i)
		}),
		// The lock family is counted before it is built
		// (lockFamilyPastBound): here it is the last family, so a
		// count past its atoms gives a problem up that fits.
		"holds only": twoThreads(100, func(t, i int) string {
			return fmt.Sprintf("T%d acquire l\nT%d release l\nT%d acquire m\nT%d release m\n", t, t, t, t)
		}),
	}
	for tname, text := range traces {
		tr := testtrace.Text(t, text)
		idx := NewModelIndex(tr, trace.BranchesImplicit)
		sl := FullSlice(tr)
		for bname, build := range map[string]func(*Index, trace.BranchModel, *Slice, Limits) (*Problem, error){
			"full": NewProblemWithin, "reduced": NewReducedProblemWithin,
		} {
			name := tname + ", " + bname
			whole, err := build(idx, trace.BranchesImplicit, sl, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			atoms := 0
			for _, c := range whole.Causal {
				atoms += c.F.Atoms()
			}
			if atoms < 1000 {
				t.Fatalf("%s: %d atoms: the test shows nothing", name, atoms)
			}
			if p, err := build(idx, trace.BranchesImplicit, sl, Limits{MaxAtoms: atoms - 1}); !errors.Is(err, ErrTooLarge) || p != nil {
				t.Errorf("%s: bound %d below its %d atoms: %v, %v; want nil, ErrTooLarge", name, atoms-1, atoms, p, err)
			}
			p, err := build(idx, trace.BranchesImplicit, sl, Limits{MaxAtoms: atoms})
			if err != nil {
				t.Errorf("%s: bound at its %d atoms: %v", name, atoms, err)
				continue
			}
			if len(p.Causal) != len(whole.Causal) {
				t.Errorf("%s: %d constraints under the bound, %d without", name, len(p.Causal), len(whole.Causal))
			}
		}
	}
}

// TestRepairBlockLimits: moving the inert steps out of a block copies a
// witness that may have millions of steps, so it looks at its limits as
// it goes; without them it moves the block's steps to its end, keeping
// the order of the rest.
func TestRepairBlockLimits(t *testing.T) {
	n := 3 * stopEvery
	sched := make([]Step, n)
	for i := range sched {
		sched[i] = Step{Ref: trace.EventRef{Thread: trace.ThreadID(i % 2), Index: uint32(i / 2)}, Part: Whole}
	}
	e := &Encoding{block: []Step{sched[1], sched[n-2]}}
	got, err := e.repairBlock(sched, &watch{})
	if err != nil {
		t.Fatal(err)
	}
	want := append(append(append([]Step{sched[0]}, sched[2:n-2]...), sched[1], sched[n-2]), sched[n-1])
	if !slices.Equal(got, want) {
		t.Errorf("repaired witness differs from the expected one (%d and %d steps)", len(got), len(want))
	}
	for _, lc := range reachedLimits() {
		if _, err := e.repairBlock(sched, &watch{lim: lc.lim}); !errors.Is(err, lc.want) {
			t.Errorf("repair past %s: %v, want %v", lc.name, err, lc.want)
		}
	}
}
