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
	q := QueryFor(l.facts.Trace, c)
	q.Stop, q.Tight, q.TightWhy, q.MaxAtoms = l.stop, l.tight, l.tightWhy, l.maxAtoms
	if l.timeout > 0 {
		q.Deadline = time.Now().Add(l.timeout)
	}
	for i, s := range l.stages {
		st := &l.stats[i]
		// The limit is looked at before every stage, the first too: a
		// candidate whose time is up is unknown whatever a stage would
		// have answered, so --timeout means the same for every stage.
		if q.Stopped() {
			return Decision{Verdict: Unknown, Reason: Interrupted, Stage: s.Name}
		}
		if q.Expired() {
			st.Tried++
			st.Unknown++
			return Decision{Verdict: Unknown, Reason: fmt.Sprintf("timeout after %s", l.timeout), Stage: s.Name}
		}
		if s.Heavy && l.tight != nil && l.tight() {
			st.Tried++
			st.Unknown++
			return Decision{Verdict: Unknown, Reason: l.tightWhy, Stage: s.Name}
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
		return d
	}
	if q.Stopped() {
		return Decision{Verdict: Unknown, Reason: Interrupted}
	}
	if q.Expired() {
		return Decision{Verdict: Unknown, Reason: fmt.Sprintf("timeout after %s", l.timeout)}
	}
	if q.OverBudget() {
		// The last stage's encoding gave up for the budget.
		return Decision{Verdict: Unknown, Reason: l.tightWhy}
	}
	return Decision{Verdict: Unknown, Reason: "no stage could decide it"}
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
