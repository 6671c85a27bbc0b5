package encode

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"gpredict/trace"
)

// closedStop is a stop signal that has closed: a builder given it must
// give up at its first look.
func closedStop() <-chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
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
		t.Run(tc.name, func(t *testing.T) {
			tr := parse(t, tc.src)
			idx := NewModelIndex(tr, trace.BranchesImplicit)
			sl := FullSlice(tr)
			full := newProblemVars(idx, trace.BranchesImplicit, sl)
			tc.build(full)
			stopped := newProblemVars(idx, trace.BranchesImplicit, sl)
			stopped.building = &watch{stop: closedStop()}
			tc.build(stopped)
			got, all := size(stopped.Causal), size(full.Causal)
			if !stopped.building.fired {
				t.Fatalf("the builder never looked at the stop signal (%d formula nodes)", got)
			}
			if bound := 8 * stopEvery; got > bound || all < 4*bound {
				t.Errorf("stopped after %d of %d formula nodes; want at most %d of many more", got, all, bound)
			}
		})
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

// TestNewProblemStop: the builders report ErrStopped once their stop
// signal has closed, and build the same problem as NewProblem without one.
func TestNewProblemStop(t *testing.T) {
	tr := parse(t, twoThreads(200, func(t, i int) string {
		return fmt.Sprintf("T%d acquire l\nT%d write x %d\nT%d release l\nT%d read x %d\n", t, t, i, t, t, i)
	}))
	idx := NewModelIndex(tr, trace.BranchesImplicit)
	sl := FullSlice(tr)
	builders := map[string]func(*Index, trace.BranchModel, *Slice, <-chan struct{}) (*Problem, error){
		"full": NewProblemStop, "reduced": NewReducedProblemStop,
	}
	plain := map[string]func(*Index, trace.BranchModel, *Slice) *Problem{"full": NewProblem, "reduced": NewReducedProblem}
	for name, build := range builders {
		if p, err := build(idx, trace.BranchesImplicit, sl, closedStop()); !errors.Is(err, ErrStopped) || p != nil {
			t.Errorf("%s: stopped build = %v, %v; want nil, ErrStopped", name, p, err)
		}
		p, err := build(idx, trace.BranchesImplicit, sl, make(chan struct{}))
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
