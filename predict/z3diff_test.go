package predict_test

import (
	"fmt"
	"math/rand"
	"os"
	"slices"
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
// brute-force explorer of docs/semantics.md must give the same verdict for
// every candidate of five pattern shapes under both branch models, and
// every Z3 witness must pass the replay validator. Each round decides two
// traces of internal/tracegen (sweepTrace): one of its defaults (every
// other round, of shared locks with hb facts instead, and every fourth of
// Go's lock kinds), and one of unheldNotify.
// GPREDICT_SWEEP=N runs N rounds instead of the default 500, and
// GPREDICT_SWEEP_CANDS=K samples K candidates (default 6) per trace, shape
// and model.

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
	// The order shape with b a request and c a racquire of its lock: a
	// schedule must then hold the request before c, which writer
	// preference forbids until b's acquire, and that acquire waits for
	// every shared hold of the lock — t1's own, if c is nested in one:
	// the read-write-read deadlock, as a pattern. (Writer preference
	// decides no other pattern: a request can always be taken just before
	// its acquire, so only a chosen one, or one pending at the end of a
	// deadlocked schedule, can make a reader wait.)
	{"request a(t1) b(t2) c(t1)", &spec.Alternative{Root: pNode(spec.PatSeq, pEv(0), pEv(1), pEv(2)),
		Occs: []spec.Occurrence{occ("a", "t1", "", false), occ("b", "t2", "", false), occ("c", "t1", "", false)}}},
}

// unheldNotify is the third mix of random traces of the differential
// tests, beside tracegen's defaults and its shared locks with hb facts:
// two variables and two locks, and notifies of locks the notifier does
// not hold (so that a wait may be woken by one), as often as one per three
// traces. (It replaces a generator of this package's own, whose traces it
// matches in that rate and exceeds in every other kind of event.)
var unheldNotify = tracegen.Config{Vars: 2, Locks: 2, UnheldNotifyWeight: 1}

// goLocks is the mix of Go's lock kinds: mutexes, rwmutexes with writer
// preference and their requests (granted, or pending at a thread's end),
// re-entrant locks, ended threads, shared holds and hb facts.
var goLocks = tracegen.Config{LockKinds: true, SharedWeight: 3, HBFacts: 2}

// sweepTrace is the k-th trace of a differential sweep: tracegen's
// defaults and unheldNotify alternate; every fourth trace has shared locks
// and hb facts instead of the defaults, every eighth Go's lock kinds.
func sweepTrace(r *rand.Rand, k int) *trace.Trace {
	switch {
	case k%8 == 6:
		return tracegen.Random(r, goLocks)
	case k%4 == 2: // shared (read) locks and hb facts
		return tracegen.Random(r, tracegen.Config{SharedWeight: 3, HBFacts: 3})
	case k%2 == 0:
		return tracegen.Random(r, tracegen.Config{})
	}
	return tracegen.Random(r, unheldNotify)
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
	case 1, 4, 5:
		for _, a := range evs {
			for _, c := range evs {
				if a.Thread != c.Thread || a == c || (s != 4 && !a.Less(c)) {
					continue
				}
				for _, b := range evs {
					if b.Thread != a.Thread && (s != 5 || tr.Event(b).Op.IsRequest() && tr.Event(c).Op == trace.OpRAcquire && tr.Event(c).Obj == tr.Event(b).Obj) {
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

// TestZ3DeciderMatchesExplorer is the comparison of the engine's ladder
// as it is. On traces this small the exact question is asked first
// (exact-first, smt.Config.ExactFirst), so the exact stage gets nothing,
// and every default small stage would leave every step free: the exact
// stage is checked without exact-first (TestExactStageMatchesExplorer),
// the small stages narrowed (TestSolverStagesMatchExplorer).
func TestZ3DeciderMatchesExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 500, nil, false, []string{"shb", "greedy", "exact-first"}, []string{"given", "closure", "saturate", "exact-first"})
}

// TestExactStageMatchesExplorer is the engine's ladder without
// exact-first, so that the exact stage decides what reaches it.
func TestExactStageMatchesExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 200, []string{"exact-first"}, false, []string{"exact"}, []string{"exact"})
}

// TestExactOverReachMatchesExplorer is the comparison with the exact
// stage alone, so that it decides every candidate over the slice the
// ladder gives it: for a chain candidate, the closed slice cut down to
// what its witnesses can reach (stage.Query.Slice). A cut that leaves
// out an event some witness needs shows as a wrong refutation.
func TestExactOverReachMatchesExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 150, stagesBut("exact"), false, []string{"exact"}, []string{"exact"})
}

// stagesBut lists the ladder's stages other than keep: the skip list of
// a ladder of keep's stages alone.
func stagesBut(keep ...string) []string {
	var skip []string
	for _, s := range LadderOrder() {
		if !slices.Contains(keep, s) {
			skip = append(skip, s)
		}
	}
	return skip
}

// TestReorderedStagesMatchExplorer is the comparison without the shb
// stage, so that the sync-preserving closures (syncp, syncp-values) find
// what shb would and are checked on their own, and without the given
// and saturate stages, which otherwise refute what supply would (supply
// comes after saturate in the ladder).
func TestReorderedStagesMatchExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 300, []string{"shb", "given", "saturate"}, false, []string{"syncp", "syncp-values"}, []string{"supply"})
}

// TestSolverStagesMatchExplorer is the same comparison for the
// slice-based solver stages alone (no closure, greedy or local stage
// before them), narrowed (smt.NarrowConfig) so that their fixing and
// dropping of events is exercised on small traces: a wrong refutation
// shows as a mismatch, a wrong frozen witness as a count of invalid ones.
func TestSolverStagesMatchExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 300, DirectAndLocal(), true, []string{"recorded", "window", "small"}, []string{"small"})
}

// TestLocalStageMatchesExplorer is the comparison with the local stage
// first (its windows narrowed to 1, 2 and 4 events), so that its
// refutations and its model-guided witnesses are checked on their own.
func TestLocalStageMatchesExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 300, DirectStages(), true, []string{"local", "prefix-window"}, []string{"local"})
}

// TestSaturateWideMatchesExplorer is the comparison without the saturate
// stage, so that saturate-wide, whose zones are only wider than
// saturate's and so on small traces never gets a candidate after it,
// does saturate's refuting and is checked on its own.
func TestSaturateWideMatchesExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 200, []string{"saturate", "saturate-rf"}, false, []string{"greedy"}, []string{"saturate-wide"})
}

// testLadderAgainstExplorer compares a ladder without the stages in skip
// with the explorer on n random traces of each generator; the stages of
// finders must find a witness and those of refuters refute a candidate
// at least once, so that the test cannot pass without exercising them.
func testLadderAgainstExplorer(t *testing.T, n int, skip []string, narrow bool, finders, refuters []string) {
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
	var cands, sats, mismatches, invalid int
	found, refuted := map[string]int{}, map[string]int{}
	perShape := make([]int, len(shapes))
	for k := 0; k < 2*n; k++ {
		tr := sweepTrace(r, k)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadder(tr, model, skip, narrow, 0)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, limit) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					cands++
					perShape[s]++
					if decideChecked(t, d, k, tr, model, sh.name, c, &mismatches) {
						sats++
					}
				}
			}
			f, r := StageCounts(d)
			for k, v := range f {
				found[k] += v
			}
			for k, v := range r {
				refuted[k] += v
			}
			invalid += d.Solver.InvalidWitnesses()
			d.Close()
		}
	}
	t.Logf("%d traces (%d with unheld notifies), %d candidates (per shape %v), %d sat, %d mismatches; witnesses found by stage %v, refuted by stage %v, %d invalid frozen witnesses",
		2*n, n, cands, perShape, sats, mismatches, found, refuted, invalid)
	if invalid > 0 {
		t.Errorf("%d witnesses of a frozen stage failed replay validation", invalid)
	}
	for _, name := range finders {
		if found[name] == 0 {
			t.Errorf("stage %s found no witness: the test checks too little", name)
		}
	}
	for _, name := range refuters {
		if refuted[name] == 0 {
			t.Errorf("stage %s refuted nothing: the test checks too little", name)
		}
	}
}

// decideChecked decides c (a candidate of shape name on trace k) on d,
// compares the answer with the explorer's (agreesWithExplorer) and
// replays a witness; it reports whether d found one the explorer agrees
// with.
func decideChecked(t *testing.T, d *LadderDecider, k int, tr *trace.Trace, model trace.BranchModel, name string, c encode.Candidate, mismatches *int) bool {
	got := d.Decide(c)
	if !agreesWithExplorer(t, k, tr, model, name, c, got, mismatches) || got.Verdict != Sat {
		return false
	}
	checkWitness(t, tr, model, c, got.Schedule)
	return true
}

// agreesWithExplorer reports whether the decision got for c (a candidate
// of shape name on trace k) is the explorer's: a witness exactly when the
// explorer finds one, and never unknown. Otherwise it counts a mismatch
// and shows the first five.
func agreesWithExplorer(t *testing.T, k int, tr *trace.Trace, model trace.BranchModel, name string, c encode.Candidate, got Decision, mismatches *int) bool {
	t.Helper()
	want, _ := explore.Decide(tr, model, c)
	if got.Verdict != Unknown && (got.Verdict == Sat) == want {
		return true
	}
	*mismatches++
	if *mismatches <= 5 {
		t.Errorf("trace %d, %s, %s, choice %v: stage %s says %s (%s), explorer %v\n%s", k, model, name,
			idsOf(tr, c.Choice), got.Stage, got.Verdict, got.Reason, want, traceText(tr))
	}
	return false
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

// TestReuseStageMatchesExplorer is the comparison with only the reuse
// stage and the exact stages, so that the witnesses exact-first and
// exact find are harvested and reuse proposes witnesses for the
// candidates after them on the same trace (a ladder decides a trace's
// candidates in a row, as one session).
func TestReuseStageMatchesExplorer(t *testing.T) {
	testLadderAgainstExplorer(t, 300, stagesBut("reuse", "exact-first", "exact"), false, []string{"reuse"}, nil)
}
