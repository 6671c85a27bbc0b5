package trace

import (
	"strconv"
	"strings"
)

// Part is the part of an event a schedule step performs
// (docs/semantics.md): every event but `wait` is one Whole step; a wait
// is three steps; under TSO and PSO a write is two (its issue, Whole, and
// its Commit). The constraint encoding (package encode) and the replay
// validator (predict/replay) share this vocabulary, and nothing else.
type Part uint8

const (
	Whole     Part = iota
	Release        // wait: releases the lock and starts waiting
	Wake           // wait: woken by a notify
	Reacquire      // wait: takes the lock back
	// Commit is the step at which a write leaves its thread's store
	// buffer and becomes visible to the other threads (TSO and PSO only);
	// the write event's own step is its issue.
	Commit
	// Default is the step of a select event that takes the select's
	// default case instead of the case the recorded run took, and
	// CasePart(k) the step that takes its case k (docs/semantics.md,
	// rule 7): the last step of its thread in the schedule.
	Default
	caseBase Part = 16
)

// CasePart is the part of a select event that takes the select's case k
// (0-based, in its directive's order) instead of the recorded one.
func CasePart(k int) Part { return caseBase + Part(k) }

// Case returns the case a CasePart takes, false for other parts.
func (p Part) Case() (int, bool) {
	if p < caseBase {
		return 0, false
	}
	return int(p - caseBase), true
}

// Other reports whether p takes another case of a select than the
// recorded one (Default or a CasePart).
func (p Part) Other() bool { return p == Default || p >= caseBase }

// partNames are the parts' names in a step's id: "T1#4.release".
var partNames = [...]string{Whole: "", Release: "release", Wake: "wake", Reacquire: "reacquire", Commit: "commit", Default: "default"}

// Suffix is the part's suffix in a step's id: "" for Whole, ".release",
// ".wake", ".reacquire", ".commit", ".default", ".caseK" (K from 1).
func (p Part) Suffix() string {
	if k, ok := p.Case(); ok {
		return ".case" + strconv.Itoa(k+1)
	}
	if p == Whole || int(p) >= len(partNames) {
		return ""
	}
	return "." + partNames[p]
}

// PartNamed is the part whose suffix is "." + name ("release" → Release,
// "case2" → CasePart(1)), false for any other name, Whole's "" included.
func PartNamed(name string) (Part, bool) {
	for p, n := range partNames {
		if n == name && Part(p) != Whole {
			return Part(p), true
		}
	}
	if k, ok := strings.CutPrefix(name, "case"); ok {
		if n, err := strconv.Atoi(k); err == nil && n >= 1 && n <= MaxSelectCases && strconv.Itoa(n) == k {
			return CasePart(n - 1), true
		}
	}
	return Whole, false
}

// Step is one step of a schedule: an event, or a part of one.
type Step struct {
	Ref  EventRef
	Part Part
}

// Format renders s as in docs/output.md: "T#k", or "T#k.release" etc.
func (s Step) Format(tr *Trace) string { return tr.ID(s.Ref) + s.Part.Suffix() }
