package predict_test

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/testwitness"
	"gpredict/internal/tracegen"
	. "gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

// The end-to-end differential test of issue 4: on random small traces of
// internal/tracegen, the whole pipeline — properties written as .gp text,
// spec.Load, spec.Match, predict.Run with the real Z3 decider, every
// (binding, choice) violation as `--all` lists them — must report exactly
// the violations of the brute-force explorer (explore.Violations), for
// five properties under both branch models. Violations are compared as
// sets of (binding values, alternative, chosen ids); Run replay-validates
// every witness itself (a witness that fails is an error of Run), and the
// test re-checks each against the pattern as well.
//
// GPREDICT_E2E_SWEEP=N runs N traces instead of the default 500.

// differentialSpec holds the five properties: a race with location
// binding, an ordering with meta-threads `a(t1) b(t2) c(t1)`, an atomic
// region over enter/exit atomic(), a negated pattern, and inconsistent
// locking through holds(...). The CLI differential test (cmd/gpredict)
// reads the same file.
const differentialSpec = "testdata/differential.gp"

// differentialProps are the properties of the differential tests
// (differentialSpec).
func differentialProps(t testing.TB) []*spec.Property {
	t.Helper()
	src, err := os.ReadFile(differentialSpec)
	if err != nil {
		t.Fatal(err)
	}
	return loadSpec(t, differentialSpec, string(src))
}

func loadSpec(t testing.TB, name, src string) []*spec.Property {
	t.Helper()
	f, diags := spec.Load(name, []byte(src))
	if diags.HasErrors() {
		t.Fatalf("%s: %v", name, diags)
	}
	for _, p := range f.Properties {
		if p.Normal == nil {
			t.Fatalf("%s: property %s has no normal form", name, p.Name)
		}
	}
	return f.Properties
}

// e2eConfig alternates the generator's default mix (more nested and
// re-entrant locking) with one that raises the share of forks, waits and
// joins, which the default mix produces rarely (about 50 waits in 2,000
// traces). Every fourth trace of each kind also has shared (read) locks
// and hb facts, and one of those in two Go's lock kinds.
func e2eConfig(k int) tracegen.Config {
	var c tracegen.Config
	if k%2 == 1 {
		c = tracegen.Config{WaitWeight: 20, JoinWeight: 8, ForkWeight: 3}
	}
	if k%8 >= 6 {
		c.SharedWeight, c.HBFacts = 3, 3
	}
	if k%16 >= 14 {
		c.LockKinds = true
	}
	return c
}

func sweepSize(t *testing.T, env string, def int) int {
	s := os.Getenv(env)
	if s == "" {
		if testing.Short() {
			return def / 5
		}
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		t.Fatalf("%s=%q: want a positive number", env, s)
	}
	return n
}

// violationKey names one violation: property, binding values,
// alternative, chosen ids.
func violationKey(tr *trace.Trace, prop string, binding []trace.Sym, alt int, choice []trace.EventRef) string {
	vals := make([]string, len(binding))
	for i, v := range binding {
		vals[i] = tr.Str(v)
	}
	return fmt.Sprintf("%s(%s) alt %d [%s]", prop, strings.Join(vals, ","), alt, strings.Join(idsOf(tr, choice), " "))
}

func TestPipelineMatchesExplorer(t *testing.T) {
	n := sweepSize(t, "GPREDICT_E2E_SWEEP", 500)
	props := differentialProps(t)
	r := rand.New(rand.NewSource(20250704))
	var (
		compared, mismatches, candidates, solverCalls int
		perProp                                       = map[string]int{}
		features                                      = map[string]int{}
		start                                         = time.Now()
	)
	for k := 0; k < n; k++ {
		tr := tracegen.Random(r, e2eConfig(k))
		countFeatures(tr, features)
		inputs := matchAll(t, props, tr)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			res, err := Run(context.Background(), tr, inputs, Options{Branches: model, Jobs: 1})
			if err != nil {
				t.Fatalf("trace %d (%s): %v\n%s", k, model, err, traceText(tr))
			}
			if len(res.Unknown) > 0 {
				t.Fatalf("trace %d (%s): %d unknown candidates (no timeout was set)", k, model, len(res.Unknown))
			}
			candidates += res.Stats.Candidates
			solverCalls += res.Stats.SolverCalls
			got := map[string]bool{}
			for _, v := range res.Violations {
				key := violationKey(tr, v.Property.Name, v.Binding, v.Alt, v.Choice)
				if got[key] {
					mismatches++
					t.Errorf("trace %d (%s): %s reported twice", k, model, key)
				}
				got[key] = true
				checkWitness(t, tr, model, encodeCandidate(v), testwitness.Schedule(t, tr, v))
			}
			want := map[string]bool{}
			for _, in := range inputs {
				for _, v := range explore.Violations(tr, model, in.Prop, in.Events) {
					want[violationKey(tr, in.Prop.Name, v.Binding, v.Alt, v.Choice)] = true
					perProp[in.Prop.Name]++
				}
			}
			compared += len(want)
			if diff := setDiff(got, want); diff != "" {
				mismatches++
				if mismatches <= 5 {
					t.Errorf("trace %d (%s): engine and explorer differ:\n%s\n%s", k, model, diff, traceText(tr))
				}
			}
		}
	}
	t.Logf("%d traces x 2 branch models x %d properties: %d explorer violations compared (per property %v), "+
		"%d engine candidates, %d solver calls, %d mismatches; features %v; %.1fs",
		n, len(props), compared, perProp, candidates, solverCalls, mismatches, features, time.Since(start).Seconds())
	if mismatches > 0 {
		t.Errorf("%d mismatches", mismatches)
	}
}

// setDiff lists the keys in only one of the sets ("" if none).
func setDiff(got, want map[string]bool) string {
	var lines []string
	for k := range got {
		if !want[k] {
			lines = append(lines, "  engine only:   "+k)
		}
	}
	for k := range want {
		if !got[k] {
			lines = append(lines, "  explorer only: "+k)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// countFeatures tallies the trace features the test is meant to cover.
func countFeatures(tr *trace.Trace, seen map[string]int) {
	seen["hb"] += len(tr.HB())
	for _, th := range tr.Threads {
		depth := map[trace.Sym]int{}
		for _, e := range th.Events {
			switch e.Op {
			case trace.OpWait, trace.OpJoin, trace.OpFork, trace.OpBranch, trace.OpNotify, trace.OpNotifyAll, trace.OpRAcquire:
				seen[e.Op.String()]++
			case trace.OpAcquire:
				depth[e.Obj]++
				if depth[e.Obj] > 1 {
					seen["re-entrant"]++
				} else if len(depth) > 1 {
					held := 0
					for _, d := range depth {
						if d > 0 {
							held++
						}
					}
					if held > 1 {
						seen["nested"]++
					}
				}
			case trace.OpRelease:
				depth[e.Obj]--
			case trace.OpEnter:
				if tr.Str(e.Obj) == "atomic()" {
					seen["atomic"]++
				} else {
					seen["invocation"]++
				}
			case trace.OpCall:
				seen["invocation"]++
			}
		}
	}
}

// encodeCandidate is the solver question a violation answers.
func encodeCandidate(v Violation) encode.Candidate {
	return encode.Candidate{Alt: &v.Property.Normal.Alts[v.Alt], Choice: v.Choice}
}

// matchAll matches each property against tr.
func matchAll(t testing.TB, props []*spec.Property, tr *trace.Trace) []PropertyInput {
	t.Helper()
	var inputs []PropertyInput
	for _, p := range props {
		evs, err := spec.Match(p, tr)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, PropertyInput{Prop: p, Events: evs})
	}
	return inputs
}
