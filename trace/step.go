package trace

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
)

// partNames are the parts' names in a step's id: "T1#4.release".
var partNames = [...]string{Whole: "", Release: "release", Wake: "wake", Reacquire: "reacquire", Commit: "commit"}

// Suffix is the part's suffix in a step's id: "" for Whole, ".release",
// ".wake", ".reacquire", ".commit".
func (p Part) Suffix() string {
	if p == Whole {
		return ""
	}
	return "." + partNames[p]
}

// PartNamed is the part whose suffix is "." + name ("release" → Release),
// false for any other name, Whole's "" included.
func PartNamed(name string) (Part, bool) {
	for p, n := range partNames {
		if n == name && Part(p) != Whole {
			return Part(p), true
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
