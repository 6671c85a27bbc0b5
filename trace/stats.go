package trace

// Stats are the figures `gpredict trace check` prints.
type Stats struct {
	Files   []string       `json:"files"`
	Threads int            `json:"threads"`
	Events  int            `json:"events"`
	PerKind map[string]int `json:"perKind"` // op name → count, every op
	// Variables are the distinct variables read or written.
	Variables int `json:"variables"`
	// Locks are the distinct locks acquired, released, requested or
	// waited on.
	Locks int `json:"locks"`
	// Invocations counts method invocations: call events plus enter events
	// (an enter and its exit are one invocation).
	Invocations int `json:"invocations"`
	// HB is the number of hb facts (docs/trace-format.md).
	HB int `json:"hb"`
	// Warnings is the total count of warnings; WarningKinds has one entry
	// per kind.
	Warnings     int           `json:"warnings"`
	WarningKinds []WarningStat `json:"warningKinds"`
}

// WarningStat is one kind of warning in Stats.
type WarningStat struct {
	Code    string `json:"code"`
	Kind    string `json:"kind"`
	Count   int    `json:"count"`
	Example string `json:"example"`
	Pos     string `json:"pos,omitempty"`
}

// Stats computes the statistics of t.
func (t *Trace) Stats() Stats {
	var perKind [NumOps]int
	vars, locks := map[Sym]bool{}, map[Sym]bool{}
	for _, th := range t.Threads {
		for i := range th.Events {
			ev := &th.Events[i]
			perKind[ev.Op]++
			switch ev.Op {
			case OpRead, OpWrite:
				vars[ev.Obj] = true
			case OpAcquire, OpRelease, OpWait, OpRAcquire, OpRRelease, OpRequest, OpRRequest:
				locks[ev.Obj] = true
			}
		}
	}
	s := Stats{
		Files: append([]string{}, t.Files...), Threads: len(t.Threads),
		PerKind: map[string]int{}, Variables: len(vars), Locks: len(locks),
		Invocations: perKind[OpCall] + perKind[OpEnter], WarningKinds: []WarningStat{},
		HB: len(t.hb),
	}
	for op, n := range perKind {
		s.PerKind[Op(op).String()] = n
		s.Events += n
	}
	for _, w := range t.Warnings {
		s.Warnings += w.Count
		s.WarningKinds = append(s.WarningKinds, WarningStat(w))
	}
	return s
}
