package predict

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// A witness of a long trace has tens of thousands of steps, of which the
// reader needs the few around the chosen events. The text format therefore
// draws, by default, the steps within witnessContext steps of a chosen
// event, and replaces each longer stretch in between (and before the
// first, and after the last) by one summary line per thread, in that
// thread's column:
//
//	… T3: 24,180 steps (T3#1 to T3#24180) …
//
// The summarised steps of a thread are consecutive events of that thread,
// in its recorded order (as every witness runs each thread's events), so
// the range says exactly which ones ran; only how they interleave with the
// other threads' summarised steps is left out, and --witness full shows it.
const (
	// witnessContext is how many steps are drawn on each side of a
	// chosen event.
	witnessContext = 3
	// minElided is the shortest stretch that is summarised: a shorter one
	// is drawn, since its summary would save little.
	minElided = 8
)

// witnessRow is one line of a drawn witness: a step (its index in the
// schedule) or the summary of a stretch of one thread.
type witnessRow struct {
	thread  trace.ThreadID
	step    int    // index into the schedule; -1 for a summary
	summary string // the summary text when step is -1
}

// witnessRows chooses the lines of the witness for mode (trimmed or full)
// and returns how many steps the summaries stand for.
func witnessRows(tr *trace.Trace, sched []replay.Step, chosen map[trace.EventRef]bool, mode WitnessMode) ([]witnessRow, int) {
	shown := make([]bool, len(sched))
	for i, s := range sched {
		if mode == WitnessFull {
			shown[i] = true
		} else if chosen[s.Ref] {
			for j := max(0, i-witnessContext); j <= min(len(sched)-1, i+witnessContext); j++ {
				shown[j] = true
			}
		}
	}
	var rows []witnessRow
	elided := 0
	for i := 0; i < len(sched); {
		if shown[i] {
			rows = append(rows, witnessRow{thread: sched[i].Ref.Thread, step: i})
			i++
			continue
		}
		end := i
		for end < len(sched) && !shown[end] {
			end++
		}
		if end-i < minElided {
			for ; i < end; i++ {
				rows = append(rows, witnessRow{thread: sched[i].Ref.Thread, step: i})
			}
			continue
		}
		rows = append(rows, stretchSummaries(tr, sched[i:end])...)
		elided += end - i
		i = end
	}
	return rows, elided
}

// stretchSummaries summarises a stretch of steps: one row per thread, in
// the order the threads first appear in it.
func stretchSummaries(tr *trace.Trace, steps []replay.Step) []witnessRow {
	type run struct {
		first, last replay.Step
		n           int
	}
	var order []trace.ThreadID
	runs := map[trace.ThreadID]*run{}
	for _, s := range steps {
		r := runs[s.Ref.Thread]
		if r == nil {
			r = &run{first: s}
			runs[s.Ref.Thread] = r
			order = append(order, s.Ref.Thread)
		}
		r.last = s
		r.n++
	}
	rows := make([]witnessRow, len(order))
	for i, th := range order {
		r := runs[th]
		span := r.first.Format(tr)
		if r.n > 1 {
			span += " to " + r.last.Format(tr)
		}
		noun := "steps"
		if r.n == 1 {
			noun = "step"
		}
		rows[i] = witnessRow{thread: th, step: -1,
			summary: fmt.Sprintf("… %s: %s %s (%s) …", tr.ThreadName(th), thousands(r.n), noun, span)}
	}
	return rows
}

// witness draws the schedule with one column per thread (in order of
// first appearance), one step per line; chosen events are marked `*`.
// In trimmed mode long stretches are summarised (see above) and the
// heading says how much.
func (t *textWriter) witness(sched []replay.Step, choice []trace.EventRef, mode WitnessMode) {
	chosen := map[trace.EventRef]bool{}
	for _, r := range choice {
		chosen[r] = true
	}
	rows, elided := witnessRows(t.tr, sched, chosen, mode)
	col := map[trace.ThreadID]int{}
	var threads []trace.ThreadID
	for _, s := range sched {
		if _, ok := col[s.Ref.Thread]; !ok {
			col[s.Ref.Thread] = len(threads)
			threads = append(threads, s.Ref.Thread)
		}
	}
	cells := make([]string, len(rows))
	width := 0
	for i, row := range rows {
		if row.step < 0 {
			cells[i] = row.summary // wider than a column: it sets no width
			continue
		}
		s := sched[row.step]
		cells[i] = s.Format(t.tr)
		if chosen[s.Ref] && (s.Part == replay.Whole || s.Part == replay.Release) {
			cells[i] += " *"
		}
		width = max(width, len(cells[i]))
	}
	for _, th := range threads {
		width = max(width, len(t.tr.ThreadName(th)))
	}
	width += 2
	head := make([]string, len(threads))
	for i, th := range threads {
		head[i] = t.tr.ThreadName(th)
	}
	if elided > 0 {
		t.printf("  witness (%s steps; %s summarised, --witness full draws them):\n", thousands(len(sched)), thousands(elided))
	} else {
		t.printf("  witness:\n")
	}
	t.printf("    %s\n", strings.TrimRight(padColumns(head, width), " "))
	for i, row := range rows {
		t.printf("    %s%s\n", strings.Repeat(" ", col[row.thread]*width), cells[i])
	}
}

// thousands writes n with a comma between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// DrawWitness draws sched as the text report does (one column per thread,
// the events of marked marked `*`), under the heading "  witness:", for
// other commands' reports (gpredict query).
func DrawWitness(w io.Writer, tr *trace.Trace, sched []replay.Step, marked []trace.EventRef, mode WitnessMode) error {
	t := &textWriter{w: w, tr: tr}
	t.witness(sched, marked, mode)
	return t.err
}
