package replay

import (
	"strings"

	"gpredict/internal/diag"
	"gpredict/trace"
)

// WitnessError is the internal error of a witness that fails validation
// (this package's Validate, or a check of its caller): a bug in gpredict,
// never a report (docs/semantics.md). what says whose witness it was
// ("the witness for P [T1#3 T2#1] fails replay validation"), with what
// the user should send with the bug report ("the spec", "the query").
// The error is of code diag.CodeWitness and wraps err (a *RuleError when
// Validate refused the schedule).
func WitnessError(tr *trace.Trace, what string, sched []Step, err error, with string) *diag.Error {
	steps := make([]string, len(sched))
	for i, s := range sched {
		steps[i] = s.Format(tr)
	}
	return &diag.Error{Severity: diag.Internal, Code: diag.CodeWitness, Msg: what, Err: err,
		Notes: []diag.Note{
			{Msg: "schedule: " + strings.Join(steps, " ")},
			{Msg: "this is a bug in gpredict; please report it with the trace and " + with},
		}}
}
