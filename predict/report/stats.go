package report

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"gpredict/predict/stage"
)

// stages writes the decision ladder's counts stage by stage (--stats),
// the text form of the JSON document's stats.stages: how many candidates
// each stage was asked about, found a violation for, refuted, gave up on,
// and passed on to the next stage, and the time it took. The time is
// summed over the workers, so with --jobs above 1 the stages' times can
// add up to more than the run's wall time.
func (t *textWriter) stages(st []stage.StageStats) {
	if len(st) == 0 {
		// Every candidate was pre-filtered or skipped (or there was
		// none): no worker made a ladder, and the Deadlock built-in,
		// whose greedy replay has a row of its own, tried none either.
		t.printf("decided by stage: no candidate reached the decision ladder\n")
		return
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "  stage\ttried\tviolations\trefuted\tunknown\tpassed on\ttime\n")
	for _, s := range st {
		// What a stage neither settled nor gave up on went to the next
		// stage; a candidate an interrupt stopped in this stage counts
		// here too, as the ladder does not count it as unknown.
		passed := s.Tried - s.Found - s.Refuted - s.Unknown
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\t%d\t%.3fs\n", s.Name, s.Tried, s.Found, s.Refuted, s.Unknown, passed, s.Time.Seconds())
	}
	tw.Flush() // into a strings.Builder: cannot fail
	t.printf("decided by stage (docs/engine.md):\n%s", b.String())
}
