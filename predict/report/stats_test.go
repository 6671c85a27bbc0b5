package report

import (
	"bytes"
	"testing"
	"time"

	"gpredict/internal/testtrace"
	"gpredict/predict"
	"gpredict/predict/stage"
)

// TestStageTableGolden pins the text format's --stats table. The counts
// and times are set by hand: a real run's times differ from run to run.
func TestStageTableGolden(t *testing.T) {
	tr := testtrace.Text(t, racy)
	ladder := []stage.StageStats{
		{Name: "closure", Tried: 1200, Found: 3, Refuted: 900, Time: 12 * time.Millisecond},
		{Name: "greedy", Tried: 297, Found: 250, Time: 40 * time.Millisecond},
		{Name: "small", Tried: 47, Found: 20, Refuted: 25, Unknown: 2, Time: 2500 * time.Millisecond},
	}
	cases := []struct {
		name string
		res  predict.Result
	}{
		// Every column filled, names of different widths.
		{"stages", predict.Result{Stats: predict.Stats{Candidates: 1500, Prefiltered: 300, SolverCalls: 1200, Stages: ladder}}},
		// No candidate reached the ladder: a line says so.
		{"stages_none", predict.Result{Stats: predict.Stats{Candidates: 3, Prefiltered: 3}}},
		// An interrupt: the candidate the stop caught in a stage counts
		// as passed on, and the table follows the interrupted line.
		{"stages_interrupted", predict.Result{Interrupted: true, Stats: predict.Stats{Candidates: 2, SolverCalls: 2, Undecided: 1,
			Stages: []stage.StageStats{{Name: "closure", Tried: 2, Refuted: 1}, {Name: "greedy"}}}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := tc.res
			res.Trace = tr
			var buf bytes.Buffer
			if err := WriteText(&buf, &res, Options{Stats: true}); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, tc.name+".txt", buf.Bytes())
		})
	}
}
