// Package witness draws witness schedules for people: as text, one column
// per thread with long stretches summarised (docs/output.md), for the
// reports of `gpredict predict` (predict/report) and `gpredict query`
// (predict/query). It knows schedules and traces only, not the engine.
package witness

import (
	"fmt"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Mode is the --witness setting: how much of a witness the text reports
// draw.
type Mode int

const (
	// Trimmed (the default) draws the steps around the chosen events and
	// summarises each long stretch between them per thread.
	Trimmed Mode = iota
	// Full draws every step.
	Full
	// None draws no witness.
	None
)

// Modes lists the --witness values, for help texts and completion.
var Modes = []string{"trimmed", "full", "none"}

// ParseMode reads a --witness value.
func ParseMode(s string) (Mode, error) {
	switch s {
	case "trimmed":
		return Trimmed, nil
	case "full":
		return Full, nil
	case "none":
		return None, nil
	}
	return 0, fmt.Errorf("witness %q: want trimmed, full or none", s)
}

// Drawer draws the witnesses of one trace; the index of the trace's steps
// that it needs is made for the first witness drawn and kept for the
// others.
type Drawer struct {
	tr    *trace.Trace
	steps *replay.StepIndex
}

// NewDrawer returns a Drawer for witnesses over tr.
func NewDrawer(tr *trace.Trace) *Drawer { return &Drawer{tr: tr} }

// Steps is the step index of the trace, made on first use.
func (d *Drawer) Steps() *replay.StepIndex {
	if d.steps == nil {
		d.steps = replay.NewStepIndex(d.tr)
	}
	return d.steps
}
