package predict

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/diag"
	"gpredict/internal/testtrace"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

const fig8 = `
T1 call boolean ArrayList.add(Object) target=c args=A   @Main.java:1
T1 fork T2                                               @Main.java:2
T1 call Iterator ArrayList.iterator() target=c result=i1 @Main.java:3
T1 call Object Iterator.next() target=i1 result=A       @Main.java:4
T2 call boolean ArrayList.add(Object) target=c args=B   @Main.java:5
T2 call Iterator ArrayList.iterator() target=c result=i2 @Main.java:6
T2 call Object Iterator.next() target=i2 result=A       @Main.java:7
`

// unsafeIterator is FIG. 10 after quantifier removal: create update next.
func unsafeIterator(tr *trace.Trace) PropertyInput {
	p := newProp("UnsafeIterator", []string{"c", "i"}, []string{"create", "update", "next"},
		seq(ev(0), ev(1), ev(2)), occ(0, "create", ""), occ(1, "update", ""), occ(2, "next", ""))
	events := matchEvents(tr, 3, func(d int, e *trace.Event) []trace.Sym {
		if e.Op != trace.OpCall {
			return nil
		}
		name := tr.Signature(e.Obj).Name
		switch {
		case d == 0 && name == "iterator":
			return []trace.Sym{e.Target, e.Result}
		case d == 1 && name == "add":
			return []trace.Sym{e.Target, trace.NoSym}
		case d == 2 && name == "next":
			return []trace.Sym{trace.NoSym, e.Target}
		}
		return nil
	})
	return PropertyInput{Prop: p, Events: events}
}

// race is `acc(t1) || acc(t2)` over reads and writes, binding the variable.
func race(tr *trace.Trace) PropertyInput {
	p := newProp("Race", []string{"v"}, []string{"acc"}, par(ev(0), ev(1)), occ(0, "acc", "t1"), occ(0, "acc", "t2"))
	events := matchEvents(tr, 1, func(_ int, e *trace.Event) []trace.Sym {
		if e.Op.IsAccess() {
			return []trace.Sym{e.Obj}
		}
		return nil
	})
	return PropertyInput{Prop: p, Events: events}
}

func runBrute(t *testing.T, tr *trace.Trace, props ...PropertyInput) *Result {
	t.Helper()
	return runBruteOpts(t, tr, Options{Jobs: 2, NewDecider: newBrute}, props...)
}

// runBruteOpts is runBrute with options (the decider is the brute one).
func runBruteOpts(t *testing.T, tr *trace.Trace, opts Options, props ...PropertyInput) *Result {
	t.Helper()
	opts.NewDecider = newBrute
	res, err := Run(context.Background(), tr, props, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestFig8UnsafeIterator(t *testing.T) {
	tr := testtrace.Text(t, fig8)
	res := runBrute(t, tr, unsafeIterator(tr))
	if len(res.Violations) != 1 {
		t.Fatalf("got %d violations, want 1: %+v", len(res.Violations), res.Violations)
	}
	v := res.Violations[0]
	if got := ids(tr, v.Choice); got != "T1#3 T2#1 T1#4" {
		t.Errorf("choice %s, want T1#3 T2#1 T1#4", got)
	}
	if got := tr.Str(v.Binding[0]) + "," + tr.Str(v.Binding[1]); got != "c,i1" {
		t.Errorf("binding %s, want c,i1", got)
	}
	if err := replay.Validate(tr, res.Model, mustSchedule(t, tr, v)); err != nil {
		t.Errorf("witness: %v", err)
	}
	if res.Stats.PropertyEvents != 6 || res.Stats.Events != 7 || res.Stats.Threads != 2 {
		t.Errorf("stats %+v", res.Stats)
	}
	if res.ExitStatus() != 1 {
		t.Errorf("exit status %d, want 1", res.ExitStatus())
	}
}

const racy = testtrace.Racy

func TestRaceReportedOncePerPair(t *testing.T) {
	tr := testtrace.Text(t, racy)
	res := runBrute(t, tr, race(tr))
	var got []string
	for _, v := range res.Violations {
		got = append(got, ids(tr, v.Choice))
	}
	// x: T1#2 || T2#1 races; T1#7 is after the join. y is lock-protected.
	if strings.Join(got, "; ") != "T1#2 T2#1" {
		t.Errorf("races %q, want [T1#2 T2#1]", got)
	}
	// Candidates: x pairs (T1#2,T2#1), (T1#7,T2#1); y (T1#4,T2#3). The
	// join orders the second, so it is never formed (the enumeration of
	// a two-event block skips ordered pairs); the lock pre-filters the
	// third.
	if res.Stats.Candidates != 2 || res.Stats.Prefiltered != 1 || res.Stats.SolverCalls != 1 {
		t.Errorf("stats %+v", res.Stats)
	}
}

func TestUnknownIsKept(t *testing.T) {
	tr := testtrace.Text(t, racy)
	res, err := Run(context.Background(), tr, []PropertyInput{race(tr)}, Options{Jobs: 1,
		NewDecider: func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider {
			return fakeDecider{Decision{Verdict: Unknown, Reason: "timeout after 1ms"}}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Unknown) != 1 || res.Unknown[0].Reason != "timeout after 1ms" || res.ExitStatus() != 3 {
		t.Fatalf("unknown %+v, exit %d", res.Unknown, res.ExitStatus())
	}
}

func TestBadWitnessIsInternalError(t *testing.T) {
	tr := testtrace.Text(t, racy)
	// T2#1 before T1's fork of T2 breaks rule 2.
	bad := []replay.Step{{Ref: trace.EventRef{Thread: 1, Index: 0}}, {Ref: trace.EventRef{Thread: 0, Index: 0}}, {Ref: trace.EventRef{Thread: 0, Index: 1}}}
	_, err := Run(context.Background(), tr, []PropertyInput{race(tr)}, Options{Jobs: 1,
		NewDecider: func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider {
			return fakeDecider{Decision{Verdict: Sat, Schedule: bad}}
		}})
	if diag.CodeOf(err) != diag.CodeWitness {
		t.Fatalf("err = %v, want a witness error", err)
	}
	// The text the two witness errors (predict's, query's) had before
	// they became one diag.Error: the cause after the message, then the
	// schedule and the request on lines of their own.
	msg := err.Error()
	if !strings.HasPrefix(msg, "internal error: the witness for ") || !strings.Contains(msg, " fails replay validation: step ") ||
		!strings.Contains(msg, "\nschedule: T2#1 T1#1 T1#2\n") ||
		!strings.HasSuffix(msg, "\nthis is a bug in gpredict; please report it with the trace and the spec") {
		t.Errorf("message:\n%s", msg)
	}
	var re *replay.RuleError
	if !errors.As(err, &re) {
		t.Errorf("the replay validator's error is not reachable: %v", err)
	}
}

// A binding that differs only in a parameter the alternative's events do
// not bind is a separate violation but the same solver question.
func TestFreeParameterSharesSolverCall(t *testing.T) {
	tr := testtrace.Text(t, racy)
	in := race(tr)
	in.Prop.Params = append(in.Prop.Params, &spec.Param{Type: "Object", Name: "o"})
	// A second declaration binds o to two values but is not in the pattern.
	in.Prop.Events = append(in.Prop.Events, &spec.EventDecl{Name: "other"})
	for d := range in.Events[0] {
		in.Events[0][d].Values = append(in.Events[0][d].Values, trace.NoSym)
	}
	syms := tr.Syms
	in.Events = append(in.Events, []spec.PropEvent{
		{Decl: 1, Ref: trace.EventRef{Thread: 0, Index: 0}, Values: []trace.Sym{trace.NoSym, syms.Intern("o1")}},
		{Decl: 1, Ref: trace.EventRef{Thread: 1, Index: 0}, Values: []trace.Sym{trace.NoSym, syms.Intern("o2")}},
	})
	res := runBrute(t, tr, in)
	if len(res.Violations) != 2 || res.Stats.SolverCalls != 1 {
		t.Fatalf("violations %d, solver calls %d; want 2 and 1", len(res.Violations), res.Stats.SolverCalls)
	}
	if reps := res.Reports(false); len(reps) != 1 || reps[0].Count != 2 {
		t.Errorf("grouped reports %+v, want one with count 2", reps)
	}
}

// TestCancelledContext: a run whose context is cancelled before it
// starts (an interrupt during the matching) forms no candidate and returns
// at once, marked interrupted, with nothing reported.
func TestCancelledContext(t *testing.T) {
	tr := testtrace.Text(t, racy)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, tr, []PropertyInput{race(tr)}, Options{Jobs: 1, NewDecider: newBrute})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Violations) != 0 || len(res.Unknown) != 0 || res.Stats.Candidates != 0 {
		t.Fatalf("interrupted %v, %d violations, %d unknown, %d candidates; want an interrupted run with nothing formed",
			res.Interrupted, len(res.Violations), len(res.Unknown), res.Stats.Candidates)
	}
}

// cancellingDecider decides with the brute decider and cancels the run
// after its first decision: an interrupt in the middle of the deciding.
type cancellingDecider struct {
	Decider
	cancel func()
}

func (c cancellingDecider) Decide(cand encode.Candidate) Decision {
	defer c.cancel()
	return c.Decider.Decide(cand)
}

// TestInterruptedMidRun: an interrupt after the first decision keeps that
// decision and counts the distinct candidates left undecided, never
// reporting them unknown.
func TestInterruptedMidRun(t *testing.T) {
	var src strings.Builder // two threads' 8 unordered writes of x: 64 races
	src.WriteString("T1 fork T2\n")
	for i := range 16 {
		fmt.Fprintf(&src, "T%d write x %d @A.java:%d\n", i%2+1, i, i)
	}
	tr := testtrace.Text(t, src.String())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	newDec := func(tr *trace.Trace, model trace.BranchModel, o DeciderOptions) Decider {
		return cancellingDecider{newBrute(tr, model, o), cancel}
	}
	res, err := Run(ctx, tr, []PropertyInput{race(tr)}, Options{Jobs: 1, NewDecider: newDec, All: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Unknown) != 0 || res.Stats.Candidates == 0 || res.Stats.Undecided == 0 ||
		len(res.Violations)+res.Stats.Undecided > res.Stats.Candidates {
		t.Fatalf("interrupted %v, %d violations, %d unknown, %d undecided of %d candidates; want an interrupted run with undecided candidates",
			res.Interrupted, len(res.Violations), len(res.Unknown), res.Stats.Undecided, res.Stats.Candidates)
	}
}
