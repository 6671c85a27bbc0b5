package predict_test

import (
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/internal/tracegen"
	. "gpredict/predict"
	"gpredict/spec"
	"gpredict/trace"
)

// The differential test: on random small traces, the Z3 decider and the
// brute-force explorer of SPEC 3 must give the same verdict for every
// candidate of five pattern shapes under both branch models, and every
// Z3 witness must pass the replay validator. Each round decides one trace
// of internal/tracegen and one of randomTrace (a second generator whose
// executions may end with threads blocked, so waits can be cut off).
// GPREDICT_SWEEP=N runs N rounds instead of the default 500, and
// GPREDICT_SWEEP_CANDS=K samples K candidates (default 6) per trace,
// shape and model.

func occ(name, meta, region string, end bool) spec.Occurrence {
	return spec.Occurrence{Event: name, Decl: int(name[0] - 'a'), Thread: meta, Region: region, RegionEnd: end}
}

var shapes = []struct {
	name string
	alt  *spec.Alternative
}{
	{"race a(t1) || b(t2)", &spec.Alternative{Root: pNode(spec.PatPar, pEv(0), pEv(1)),
		Occs: []spec.Occurrence{occ("a", "t1", "", false), occ("b", "t2", "", false)}}},
	{"order a(t1) b(t2) c(t1)", &spec.Alternative{Root: pNode(spec.PatSeq, pEv(0), pEv(1), pEv(2)),
		Occs: []spec.Occurrence{occ("a", "t1", "", false), occ("b", "t2", "", false), occ("c", "t1", "", false)}}},
	{"atomic a(t1,<r) b(t2) c(t1,>r)", &spec.Alternative{Root: pNode(spec.PatSeq, pEv(0), pEv(1), pEv(2)),
		Occs: []spec.Occurrence{occ("a", "t1", "r", false), occ("b", "t2", "", false), occ("c", "t1", "r", true)}}},
	{"negated !(a(t1) || b(t2))", &spec.Alternative{Root: pNode(spec.PatNot, pNode(spec.PatPar, pEv(0), pEv(1))),
		Occs: []spec.Occurrence{occ("a", "t1", "", false), occ("b", "t2", "", false)}}},
	{"negated a(t1) !(b(t2) c(t1))", &spec.Alternative{Root: pNode(spec.PatSeq, pEv(0), pNode(spec.PatNot, pNode(spec.PatSeq, pEv(1), pEv(2)))),
		Occs: []spec.Occurrence{occ("a", "t1", "", false), occ("b", "t2", "", false), occ("c", "t1", "", false)}}},
}

func allRefs(tr *trace.Trace) []trace.EventRef {
	var out []trace.EventRef
	for _, th := range tr.Threads {
		for i := range th.Events {
			out = append(out, trace.EventRef{Thread: th.ID, Index: uint32(i)})
		}
	}
	return out
}

// choices lists the choices of shape s on tr (sampled to at most limit).
func choices(r *rand.Rand, tr *trace.Trace, s int, limit int) [][]trace.EventRef {
	evs := allRefs(tr)
	var out [][]trace.EventRef
	conflict := func(a, b trace.EventRef) bool {
		ea, eb := tr.Event(a), tr.Event(b)
		return a.Thread != b.Thread && a.Less(b) && ea.Op.IsAccess() && eb.Op.IsAccess() && ea.Obj == eb.Obj &&
			(ea.Op == trace.OpWrite || eb.Op == trace.OpWrite)
	}
	switch s {
	case 0, 3:
		for _, a := range evs {
			for _, b := range evs {
				if conflict(a, b) {
					out = append(out, []trace.EventRef{a, b})
				}
			}
		}
	case 1, 4:
		for _, a := range evs {
			for _, c := range evs {
				if a.Thread != c.Thread || a == c || (s == 1 && !a.Less(c)) {
					continue
				}
				for _, b := range evs {
					if b.Thread != a.Thread {
						out = append(out, []trace.EventRef{a, b, c})
					}
				}
			}
		}
	case 2:
		for _, th := range tr.Threads {
			var open []int
			for i := range th.Events {
				switch th.Events[i].Op {
				case trace.OpEnter:
					open = append(open, i)
				case trace.OpExit:
					begin := open[len(open)-1]
					open = open[:len(open)-1]
					for _, b := range evs {
						if b.Thread != th.ID {
							out = append(out, []trace.EventRef{{Thread: th.ID, Index: uint32(begin)}, b, {Thread: th.ID, Index: uint32(i)}})
						}
					}
				}
			}
		}
	}
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func TestZ3DeciderMatchesExplorer(t *testing.T) { testZ3AgainstExplorer(t, 500, false) }

// TestZ3SmallStagesMatchExplorer is the same comparison with the small
// stages narrowed (NarrowSmallStages), so that their fixing and dropping
// of events is exercised on small traces: a wrong refutation shows as a
// mismatch, a wrong frozen witness as a count of invalid ones.
func TestZ3SmallStagesMatchExplorer(t *testing.T) {
	defer NarrowSmallStages()()
	testZ3AgainstExplorer(t, 300, true)
}

func testZ3AgainstExplorer(t *testing.T, n int, small bool) {
	if s := os.Getenv("GPREDICT_SWEEP"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatalf("GPREDICT_SWEEP=%q: %v", s, err)
		}
	}
	limit := 6 // candidates per trace, shape and model
	if s := os.Getenv("GPREDICT_SWEEP_CANDS"); s != "" {
		var err error
		if limit, err = strconv.Atoi(s); err != nil {
			t.Fatalf("GPREDICT_SWEEP_CANDS=%q: %v", s, err)
		}
	}
	if testing.Short() {
		n = 100
	}
	r := rand.New(rand.NewSource(20240601))
	var cands, sats, mismatches, recorded, windowed, found, refuted, invalid int
	perShape := make([]int, len(shapes))
	for k := 0; k < 2*n; k++ {
		var tr *trace.Trace
		switch {
		case k%4 == 2: // shared (read) locks and hb facts
			tr = tracegen.Random(r, tracegen.Config{SharedWeight: 3, HBFacts: 3})
		case k%2 == 0:
			tr = tracegen.Random(r, tracegen.Config{})
		default:
			tr = randomTrace(r)
		}
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewZ3Decider(tr, model, DeciderOptions{})
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, limit) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					perShape[s]++
					want, _ := explore.Decide(tr, model, c)
					got := d.Decide(c)
					if got.Verdict == Unknown || (got.Verdict == Sat) != want {
						mismatches++
						if mismatches <= 5 {
							t.Errorf("trace %d, %s, %s, choice %v: z3 %s (%s), explorer %v\n%s", k, model, sh.name,
								idsOf(tr, ch), got.Verdict, got.Reason, want, traceText(tr))
						}
						continue
					}
					if got.Verdict == Sat {
						sats++
						checkWitness(t, tr, model, c, got.Schedule)
					}
				}
			}
			rec, w, f, r, i := SmallStageCounts(d)
			recorded, windowed, found, refuted, invalid = recorded+rec, windowed+w, found+f, refuted+r, invalid+i
			d.Close()
		}
	}
	t.Logf("%d traces (%d of tracegen), %d candidates (per shape %v), %d sat, %d mismatches; small stages: %d in the recorded order, %d found in a window, %d found, %d refuted, %d invalid witnesses",
		2*n, n, cands, perShape, sats, mismatches, recorded, windowed, found, refuted, invalid)
	if invalid > 0 {
		t.Errorf("%d witnesses of a frozen stage failed replay validation", invalid)
	}
	if small && (recorded == 0 || windowed == 0 || found == 0 || refuted == 0) {
		t.Errorf("the narrowed small stages found %d witnesses in the recorded order, %d in a window and %d in the whole trace and refuted %d candidates; want all > 0", recorded, windowed, found, refuted)
	}
}

func idsOf(tr *trace.Trace, rs []trace.EventRef) []string {
	var out []string
	for _, r := range rs {
		out = append(out, tr.ID(r))
	}
	return out
}

func traceText(tr *trace.Trace) string {
	s := ""
	for _, th := range tr.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			s += fmt.Sprintf("  %s %s %s %s\n", tr.ID(trace.EventRef{Thread: th.ID, Index: uint32(i)}), ev.Op, tr.Str(ev.Obj), tr.Str(ev.Val))
		}
	}
	return s
}
