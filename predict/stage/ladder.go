package stage

import (
	"fmt"
	"time"

	"gpredict/encode"
)

// Ladder decides candidates by trying its stages in order. One Ladder
// serves one worker goroutine.
type Ladder struct {
	facts   *Facts
	stages  []Stage
	timeout time.Duration
	stop    <-chan struct{}
	// tight reports whether the run's memory budget is reached (nil:
	// never), with the reason a candidate then left to a heavy stage is
	// unknown.
	tight    func() bool
	tightWhy string
	// maxAtoms bounds the problem a stage builds for one candidate
	// (encode.Limits.MaxAtoms; 0: no bound).
	maxAtoms int
	stats    []StageStats
	closers  []func()
}

// WithMemoryBudget makes the ladder run no heavy stage once tight says
// the run's memory budget is reached: a candidate that would go on to one
// is unknown, with why as the reason.
func (l *Ladder) WithMemoryBudget(tight func() bool, why string) *Ladder {
	l.tight, l.tightWhy = tight, why
	return l
}

// WithEncodingBound bounds the order atoms of the problem a stage builds
// for one candidate (encode.Limits.MaxAtoms): a stage whose problem
// passes it gives the problem up, and the candidate is unknown unless a
// later stage decides it.
func (l *Ladder) WithEncodingBound(maxAtoms int) *Ladder {
	l.maxAtoms = maxAtoms
	return l
}

// NewLadder returns a ladder over stages; each candidate gets timeout
// (0: none) for all of them together, and gives up when stop closes (nil:
// never). closers release what the stages hold (solver contexts) when the
// ladder is closed.
func NewLadder(f *Facts, timeout time.Duration, stop <-chan struct{}, stages []Stage, closers ...func()) *Ladder {
	l := &Ladder{facts: f, stages: stages, timeout: timeout, stop: stop, closers: closers}
	for _, s := range stages {
		l.stats = append(l.stats, StageStats{Name: s.Name})
	}
	return l
}

// Facts are the facts the ladder's stages read.
func (l *Ladder) Facts() *Facts { return l.facts }

// Decide runs the stages on c until one settles it. A candidate no stage
// settles is Unknown: the last stage of a complete ladder always settles
// (or runs out of time), so this only happens with a partial ladder.
func (l *Ladder) Decide(c encode.Candidate) Decision {
	d, _ := l.decideFrom(l.query(c), 0, false)
	return d
}

// Pending is a candidate that every stage before the ladder's first
// heavy one passed on (DecideLight): its query, with what those stages
// derived, and what was left of its time limit.
type Pending struct {
	q    *Query
	next int
	left time.Duration
}

// DecideLight is Decide up to the first heavy stage: a candidate that
// reaches it comes back as a Pending, for Resume. The engine decides the
// light part of a batch at once and the heavy parts of many batches in
// a row, so that one solver state serves them (predict/sessions.go).
func (l *Ladder) DecideLight(c encode.Candidate) (Decision, *Pending) {
	return l.decideFrom(l.query(c), 0, true)
}

// Resume decides a Pending from the stage it stopped at. Its time limit
// goes on from what was left when it stopped: the wait between the two
// parts is not the candidate's.
func (l *Ladder) Resume(p *Pending) Decision {
	if l.timeout > 0 {
		p.q.Deadline = time.Now().Add(max(p.left, 0))
	}
	d, _ := l.decideFrom(p.q, p.next, false)
	return d
}

// query is the query for c under the ladder's limits.
func (l *Ladder) query(c encode.Candidate) *Query {
	q := QueryFor(l.facts.Trace, c)
	q.Stop, q.Tight, q.TightWhy, q.MaxAtoms = l.stop, l.tight, l.tightWhy, l.maxAtoms
	if l.timeout > 0 {
		q.Deadline = time.Now().Add(l.timeout)
	}
	return q
}

// decideFrom runs the stages from the one at index from on q; with
// light, it stops before the first heavy stage and returns q as a
// Pending.
func (l *Ladder) decideFrom(q *Query, from int, light bool) (Decision, *Pending) {
	for i := from; i < len(l.stages); i++ {
		s, st := l.stages[i], &l.stats[i]
		if light && s.Heavy {
			p := &Pending{q: q, next: i}
			if l.timeout > 0 {
				p.left = time.Until(q.Deadline)
			}
			return Decision{}, p
		}
		// The limit is looked at before every stage, the first too: a
		// candidate whose time is up is unknown whatever a stage would
		// have answered, so --timeout means the same for every stage.
		if q.Stopped() {
			return Decision{Verdict: Unknown, Reason: Interrupted, Stage: s.Name}, nil
		}
		if q.Expired() {
			st.Tried++
			st.Unknown++
			return Decision{Verdict: Unknown, Reason: fmt.Sprintf("timeout after %s", l.timeout), Stage: s.Name}, nil
		}
		if s.Heavy && l.tight != nil && l.tight() {
			st.Tried++
			st.Unknown++
			return Decision{Verdict: Unknown, Reason: l.tightWhy, Stage: s.Name}, nil
		}
		start := time.Now()
		q.requires = s.Requires
		d, ok := s.Run(q)
		st.Tried++
		st.Time += time.Since(start)
		if !ok {
			// What the stage derived is kept for the stages that require
			// it (Query.Facts): stages hand nothing to each other on q.
			if d.Derived != nil {
				q.derived = append(q.derived, derivedBy{stage: s.Name, value: d.Derived})
			}
			continue
		}
		switch d.Verdict {
		case Sat:
			st.Found++
		case Unsat:
			st.Refuted++
		default:
			st.Unknown++
		}
		d.Stage = s.Name
		return d, nil
	}
	if q.Stopped() {
		return Decision{Verdict: Unknown, Reason: Interrupted}, nil
	}
	if q.Expired() {
		return Decision{Verdict: Unknown, Reason: fmt.Sprintf("timeout after %s", l.timeout)}, nil
	}
	if q.OverBudget() {
		// The last stage's encoding gave up for the budget.
		return Decision{Verdict: Unknown, Reason: l.tightWhy}, nil
	}
	return Decision{Verdict: Unknown, Reason: "no stage could decide it"}, nil
}

// Interrupted is the reason of a candidate left undecided because the run
// was stopped.
const Interrupted = "interrupted"

// Stats returns the ladder's per-stage counts so far.
func (l *Ladder) Stats() []StageStats { return append([]StageStats(nil), l.stats...) }

// Close releases the stages' resources.
func (l *Ladder) Close() {
	for _, c := range l.closers {
		c()
	}
}
