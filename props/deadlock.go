package props

import (
	"context"
	"fmt"
	"time"

	"gpredict/encode"
	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// Deadlock is a built-in because its violation is a state, not an order
// of events: two threads are blocked, each holding the lock the other
// requests. The request that blocks is never performed, so it is not an
// event of any schedule (SPEC 3.2) and no pattern can mention it soundly.
//
// The witness is a feasible schedule after which thread A has performed
// exactly its events before request ra and thread B exactly its events
// before rb, where ra acquires a lock B holds at that point and rb one
// that A holds. What a thread holds after a prefix of its own events is
// thread-local, so the candidates are found statically
// (deadlockCandidates); whether both threads can stop there at once is
// the solver's question. It is asked of the trace cut at ra and rb
// (truncate): every schedule of the cut trace that contains the last kept
// event of A and of B is such a witness, and every witness is one. The
// witness is then re-checked against the *original* trace by the replay
// validator and the cut points are checked on it, independently of the
// encoding.

// deadlockProperty describes the reports: Deadlock(l1, l2) with, per
// thread, the acquire of the lock it holds and its blocked request.
var deadlockProperty = &spec.Property{
	Name:   "Deadlock",
	Params: []*spec.Param{{Type: "Lock", Name: "l1"}, {Type: "Lock", Name: "l2"}},
	Events: []*spec.EventDecl{{Name: "hold"}, {Name: "request"}},
	Normal: &spec.NormalPattern{Alts: []spec.Alternative{{
		Root: &spec.PatNode{Kind: spec.PatSeq, Kids: []*spec.PatNode{
			{Kind: spec.PatEvent, Occ: 0}, {Kind: spec.PatEvent, Occ: 1},
			{Kind: spec.PatEvent, Occ: 2}, {Kind: spec.PatEvent, Occ: 3},
		}},
		Occs: []spec.Occurrence{
			{Event: "hold", Decl: 0, Thread: "t1"}, {Event: "request", Decl: 1, Thread: "t1"},
			{Event: "hold", Decl: 0, Thread: "t2"}, {Event: "request", Decl: 1, Thread: "t2"},
		},
	}}},
}

// reachBoth is the question asked of a cut trace: both chosen events (the
// last kept event of each deadlocked thread) are in the schedule.
var reachBoth = &spec.Alternative{
	Root: &spec.PatNode{Kind: spec.PatAnd, Kids: []*spec.PatNode{
		{Kind: spec.PatEvent, Occ: 0}, {Kind: spec.PatEvent, Occ: 1},
	}},
	Occs: []spec.Occurrence{{Event: "lastA", Decl: 0}, {Event: "lastB", Decl: 1}},
}

// predictDeadlocks is the Deadlock built-in.
func predictDeadlocks(ctx context.Context, tr *trace.Trace, opts predict.Options) (*predict.Result, error) {
	start := time.Now()
	model := opts.Branches.Resolve(tr) // on the whole trace: a cut may drop every branch
	newDecider := opts.NewDecider
	if newDecider == nil {
		newDecider = predict.NewZ3Decider
	}
	res := &predict.Result{Trace: tr, Model: model}
	res.Stats.Threads = len(tr.Threads)
	res.Stats.Events = tr.NumEvents()
	cands := deadlockCandidates(tr)
	res.Stats.Candidates = len(cands)
	for _, c := range cands {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cut := make([]int, len(tr.Threads))
		for i := range cut {
			cut[i] = -1
		}
		cut[c.a.ref.Thread], cut[c.b.ref.Thread] = int(c.a.ref.Index), int(c.b.ref.Index)
		cutTr := truncate(tr, cut)
		if !inTrace(cutTr, trace.EventRef{Thread: c.a.ref.Thread, Index: c.a.ref.Index - 1}) ||
			!inTrace(cutTr, trace.EventRef{Thread: c.b.ref.Thread, Index: c.b.ref.Index - 1}) {
			continue // a cut thread cannot even reach its request (it joins the other)
		}
		lastA, subA := reachPoint(cutTr, c.a.ref)
		lastB, subB := reachPoint(cutTr, c.b.ref)
		dec := newDecider(cutTr, model, predict.DeciderOptions{Timeout: opts.Timeout, DumpDir: opts.DumpDir})
		d := dec.Decide(encode.Candidate{Alt: reachBoth, Choice: []trace.EventRef{lastA, lastB}})
		dec.Close()
		res.Stats.SolverCalls++
		v := c.violation(tr)
		switch d.Verdict {
		case predict.Sat:
			sched := withoutSubstitutes(d.Schedule, c, subA, subB)
			if err := checkDeadlockWitness(tr, model, c, sched); err != nil {
				return nil, err
			}
			v.Witness = replay.Compact(tr, sched)
			res.Violations = append(res.Violations, v)
		case predict.Unknown:
			res.Unknown = append(res.Unknown, predict.UnknownCandidate{
				Property: v.Property, Binding: v.Binding, Choice: v.Choice, Reason: d.Reason})
		}
	}
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// reachPoint is the event of the cut trace whose presence in a schedule
// means the thread has completed every event before its request req. That
// is the last kept event, except for a wait: a schedule can contain a
// wait's release part without its wake-up and re-acquire. Then the cut
// thread gets one substitute event in the request's place, a `branch`
// (which constrains only reads before it, and those are already before the
// wait; under the explicit branch model it can only make the question
// harder, never give a false witness), and the substitute is reported so
// that it can be removed from the witness.
func reachPoint(cut *trace.Trace, req trace.EventRef) (last trace.EventRef, substitute bool) {
	th := cut.Threads[req.Thread]
	last = trace.EventRef{Thread: req.Thread, Index: req.Index - 1}
	if th.Events[last.Index].Op != trace.OpWait {
		return last, false
	}
	c := *th
	c.Events = append(th.Events[:req.Index:req.Index], trace.Event{Op: trace.OpBranch, Obj: trace.NoSym, Val: trace.NoSym,
		Target: trace.NoSym, Result: trace.NoSym, Args: trace.NoArgs, Loc: trace.NoSym})
	cut.Threads[req.Thread] = &c
	return req, true
}

// withoutSubstitutes drops the steps of the substitute events reachPoint
// put at the requests of c (sub says which), which are not events of the
// original trace.
func withoutSubstitutes(sched []replay.Step, c deadlockCandidate, subA, subB bool) []replay.Step {
	out := make([]replay.Step, 0, len(sched))
	for _, st := range sched {
		if (subA && st.Ref == c.a.ref) || (subB && st.Ref == c.b.ref) {
			continue
		}
		out = append(out, st)
	}
	return out
}

func inTrace(tr *trace.Trace, r trace.EventRef) bool {
	return int(r.Index) < len(tr.Threads[r.Thread].Events)
}

// violation is the report of c (without its witness): l1 is the lock A
// holds and B requests, l2 the reverse; the events are A's hold of l1 and
// request of l2, then B's hold of l2 and request of l1.
func (c deadlockCandidate) violation(tr *trace.Trace) predict.Violation {
	l1, l2 := c.b.lock, c.a.lock
	return predict.Violation{
		Property: deadlockProperty,
		Binding:  []trace.Sym{l1, l2},
		Choice:   []trace.EventRef{c.a.held[l1], c.a.ref, c.b.held[l2], c.b.ref},
	}
}

// checkDeadlockWitness re-checks a witness on the original trace: it must
// be feasible (replay.Validate) and leave both threads exactly before
// their requests, with no wait half-done. The locks each thread then holds
// follow from its own events (lockRequests), so both are blocked.
func checkDeadlockWitness(tr *trace.Trace, model trace.BranchModel, c deadlockCandidate, sched []replay.Step) error {
	err := replay.Validate(tr, model, sched)
	if err == nil {
		done := map[trace.ThreadID]uint32{}
		for _, s := range sched {
			if s.Part == replay.Whole || s.Part == replay.Reacquire {
				done[s.Ref.Thread]++
			}
		}
		for _, r := range []trace.EventRef{c.a.ref, c.b.ref} {
			if done[r.Thread] != r.Index {
				err = fmt.Errorf("thread %s completes %d events, want exactly the %d before its request %s",
					tr.ThreadName(r.Thread), done[r.Thread], r.Index, tr.ID(r))
				break
			}
		}
	}
	if err == nil {
		return nil
	}
	we := &predict.WitnessError{Property: deadlockProperty.Name, Err: err}
	for _, r := range c.violation(tr).Choice {
		we.Choice = append(we.Choice, tr.ID(r))
	}
	for _, s := range sched {
		we.Schedule = append(we.Schedule, s.Format(tr))
	}
	return we
}
