package predict

import (
	"context"

	"gpredict/encode"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// worker is one of a run's workers: it takes batches of candidates,
// decides each up to the ladder's heavy stages at once and the rest by
// session (sessions.go), and records every decision in what the run
// shares (the job store, the groups, the progress, the witnesses). Split
// from Run because the two parts of a decision and the sessions gave the
// worker's loop more than one job.
type worker struct {
	ctx       context.Context
	newDec    func() Decider
	dec       Decider      // nil until the worker's first batch
	split     splitDecider // dec, when it decides in two parts (else nil)
	sess      *sessions
	facts     *stage.Facts
	mem       trace.MemoryModel
	tight     func() bool // the run's memory budget is reached
	store     *jobStore
	groups    *groups
	prog      *progress
	witnesses *witnessStore
	fail      func(error)
}

// run decides the batches of work until it closes, then the sessions
// that the end of forming completed.
func (w *worker) run(work <-chan workBatch) {
	for b := range work {
		if w.ctx.Err() != nil {
			continue // drain
		}
		if w.dec == nil {
			w.dec = w.newDec()
			w.split, _ = w.dec.(splitDecider)
		}
		if ses := w.batch(b); ses != nil {
			w.session(ses)
		}
	}
	if w.dec != nil && w.ctx.Err() == nil {
		for _, ses := range w.sess.complete() {
			w.session(ses)
		}
	}
}

// batch decides b's candidates up to the heavy stages, hands what is
// left to its session, and returns the session when that completed it.
// A decider that does not decide in two parts decides each candidate
// whole, from a solver state reset for the batch.
func (w *worker) batch(b workBatch) *session {
	if r, ok := w.dec.(batchResetter); ok && w.split == nil {
		r.ResetBatch()
	}
	var lefts []leftover
	for _, t := range b.tasks {
		if w.ctx.Err() != nil {
			return nil
		}
		if w.skipped(t) {
			continue
		}
		c := encode.Candidate{Alt: t.plan.alt, Choice: t.choice}
		var d Decision
		switch sd, shared := w.dec.(sharedDecider); {
		case w.split != nil:
			var p *stage.Pending
			if d, p = w.split.decideLight(c); p != nil {
				lefts = append(lefts, leftover{t, p})
				continue
			}
		case shared:
			d = sd.decideShared(c)
		default:
			d = w.dec.Decide(c)
		}
		w.settle(t, d)
	}
	return w.sess.hand(b.index, lefts)
}

// session decides a session's leftovers in order, from a reset solver
// state.
func (w *worker) session(ses *session) {
	if w.split == nil || ses.empty() {
		return // a decider that does not split leaves nothing
	}
	w.split.ResetBatch()
	for _, lefts := range ses.batches {
		for _, l := range lefts {
			if w.ctx.Err() != nil {
				return
			}
			if !w.skipped(l.t) {
				w.settle(l.t, w.split.resume(l.p))
			}
		}
	}
}

// skipped settles t's candidate when its group has a violation formed
// before it (grouped mode).
func (w *worker) skipped(t task) bool {
	if !w.groups.settled(t.j.group, t.seq) {
		return false
	}
	t.j.flags |= jobSkipped | jobDone
	w.prog.decided.Add(1)
	return true
}

// settle records d, the decision of t's candidate: its verdict, the
// reason of an unknown, and a violation's witness once validated.
func (w *worker) settle(t task, d Decision) {
	j := t.j
	if d.Verdict == Unknown && d.Reason == stage.Interrupted {
		return // left undecided
	}
	j.verdict, j.flags = d.Verdict, j.flags|jobDone
	if d.Stage == stage.GivenStage {
		j.flags |= jobGiven
	}
	if d.Verdict == Unknown {
		w.store.setReason(t.seq, d.Reason)
	}
	w.prog.decided.Add(1)
	if w.tight() {
		if r, ok := w.dec.(batchResetter); ok {
			r.ResetBatch() // give the solver's memory back
		}
	}
	if d.Verdict != Sat {
		return
	}
	if !d.Validated {
		if err := checkWitness(w.facts, w.mem, t.plan, t.choice, d); err != nil {
			w.fail(err)
			return
		}
	}
	if w.witnesses != nil {
		j.witness = w.witnesses.keep(w.facts.Witness(d))
	}
	w.groups.found(j, t.seq, w.store, w.witnesses.drop)
	w.prog.violations.Add(1)
}
