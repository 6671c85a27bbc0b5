package props

import (
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/trace"
)

// TestMergeAddsTime: a merged result's run time includes the merged
// one's (the built-ins run after the pattern properties), and so do its
// counts, the candidates not needed among them (the Deadlock built-in
// leaves a reported group's later cycles undecided, as Run does).
func TestMergeAddsTime(t *testing.T) {
	dst := &predict.Result{Stats: predict.Stats{Seconds: 1.5, SolverCalls: 2, Skipped: 1}}
	Merge(dst, &predict.Result{Stats: predict.Stats{Seconds: 2.25, SolverCalls: 3, Skipped: 4}})
	if dst.Stats.Seconds != 3.75 || dst.Stats.SolverCalls != 5 || dst.Stats.Skipped != 5 {
		t.Errorf("merged stats %+v, want 3.75 s, 5 solver calls and 5 not needed", dst.Stats)
	}
}

// TestModelNote: the note appears when a property found nothing under
// the implicit model on a trace without branch events, and names the
// properties that found nothing (not those with candidates never formed).
func TestModelNote(t *testing.T) {
	noBranch := testtrace.Text(t, "T1 write x 1\nT2 read x 1")
	withBranch := testtrace.Text(t, "T1 write x 1\nT2 read x 1\nT2 branch")
	noRead := testtrace.Text(t, "T1 write x 1\nT2 write x 2")
	race, _ := Lookup("DataRace")
	raceSpec, err := race.Spec()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		res   *predict.Result
		names []string
		want  string // in the note; "" for no note
	}{
		{"nothing found, implicit, no branch", &predict.Result{Trace: noBranch, Model: trace.BranchesImplicit},
			[]string{"Deadlock"}, "note: Deadlock found nothing under the implicit branch model"},
		{"explicit", &predict.Result{Trace: noBranch, Model: trace.BranchesExplicit}, []string{"Deadlock"}, ""},
		{"no read: the model does not matter", &predict.Result{Trace: noRead, Model: trace.BranchesImplicit}, []string{"Deadlock"}, ""},
		{"branch events: implicit was chosen", &predict.Result{Trace: withBranch, Model: trace.BranchesImplicit}, []string{"Deadlock"}, ""},
		{"only the properties that found nothing", &predict.Result{Trace: noBranch, Model: trace.BranchesImplicit,
			Violations: []predict.Violation{{Property: raceSpec}}}, []string{"DataRace", "Deadlock", "DataRace"},
			"note: Deadlock found nothing"},
		{"everything found something", &predict.Result{Trace: noBranch, Model: trace.BranchesImplicit,
			Violations: []predict.Violation{{Property: raceSpec}}}, []string{"DataRace"}, ""},
		{"candidates never formed are not nothing", &predict.Result{Trace: noBranch, Model: trace.BranchesImplicit,
			Unknown: []predict.UnknownCandidate{{Property: raceSpec, Reason: "not decided: the memory budget …"}}}, []string{"DataRace", "Deadlock"},
			"note: Deadlock found nothing"},
		{"an unknown candidate alone is still nothing found", &predict.Result{Trace: noBranch, Model: trace.BranchesImplicit,
			Unknown: []predict.UnknownCandidate{{Property: raceSpec, Choice: []trace.EventRef{{Thread: 0}, {Thread: 1}}, Reason: "timeout after 1s"}}},
			[]string{"DataRace", "Deadlock"}, "note: DataRace, Deadlock found nothing"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := ModelNote(tc.res, tc.names)
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("note %q, want one containing %q", got, tc.want)
			}
		})
	}
}
