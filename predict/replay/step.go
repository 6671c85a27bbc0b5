// Package replay checks schedules against the rules of docs/semantics.md
// and its pattern conditions directly, event by event. It shares
// nothing with the constraint encoding (package encode): it is the
// independent judge of every witness the solver produces.
package replay

import "gpredict/trace"

// Part is the part of an event a schedule step performs. Every event but
// `wait` is one Whole step; a wait is three steps.
type Part uint8

const (
	Whole     Part = iota
	Release        // wait: releases the lock and starts waiting
	Wake           // wait: woken by a notify
	Reacquire      // wait: takes the lock back
	// Commit is the step at which a write leaves its thread's store
	// buffer and becomes visible to the other threads (TSO and PSO only,
	// memmodel.go); the write event's own step is its issue.
	Commit
)

var partSuffix = [...]string{"", ".release", ".wake", ".reacquire", ".commit"}

// Step is one step of a schedule.
type Step struct {
	Ref  trace.EventRef
	Part Part
}

// Format renders s as in docs/output.md: "T#k", or "T#k.release" etc. for
// waits.
func (s Step) Format(tr *trace.Trace) string { return tr.ID(s.Ref) + partSuffix[s.Part] }
