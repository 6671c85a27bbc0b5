package main

import (
	"errors"
	"fmt"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// checkRecordedOrder asks the replay validator, which judges every witness
// of `predict`, whether the recorded order of tr is an execution
// (docs/semantics.md, rules 1–5). A wait is placed as the recorded order
// shows it: its release at its line, its wake-up and re-acquire just before
// its thread's next event (never, if it has none). It returns nil, or the
// broken rule and where.
func checkRecordedOrder(tr *trace.Trace, order []trace.EventRef) *orderFault {
	sched := make([]replay.Step, 0, len(order))
	pending := map[trace.ThreadID]trace.EventRef{}
	for _, r := range order {
		if w, ok := pending[r.Thread]; ok {
			delete(pending, r.Thread)
			sched = append(sched, replay.Step{Ref: w, Part: replay.Wake}, replay.Step{Ref: w, Part: replay.Reacquire})
		}
		if tr.Event(r).Op == trace.OpWait {
			sched = append(sched, replay.Step{Ref: r, Part: replay.Release})
			pending[r.Thread] = r
			continue
		}
		sched = append(sched, replay.Step{Ref: r})
	}
	err := replay.Validate(tr, trace.BranchesAuto.Resolve(tr), sched)
	if err == nil {
		return nil
	}
	f := &orderFault{err: err}
	var re *replay.RuleError
	if errors.As(err, &re) && re.Step >= 0 {
		r := sched[re.Step].Ref
		f.at, f.located = tr.Threads[r.Thread].Arrival[r.Index], true
	}
	return f
}

// orderFault is a rule of docs/semantics.md the recorded order breaks, and
// the event (by arrival position) where it breaks.
type orderFault struct {
	err     error
	at      uint32
	located bool
}

// message places the fault in file: its line and column (offset for
// RapidBin) when the event is known.
func (f *orderFault) message(file string, format trace.Format) string {
	where := file
	if f.located {
		if pos, err := trace.Locate(file, format, f.at); err == nil {
			where = pos.String()
		}
	}
	return fmt.Sprintf("%s: the file order is not an execution: %v", where, f.err)
}
