package witness

import (
	"fmt"
	"io"
	"slices"
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

// witnessRow is one line of a drawn witness: a step or, when summary is
// not "", the summary of a stretch of one thread.
type witnessRow struct {
	thread  trace.ThreadID
	step    replay.Step
	summary string
}

// witnessRows chooses the lines of witness w for mode (trimmed or full):
// it returns them, the threads in the order of their first step, and how
// many steps the summaries stand for. It never spells out the whole
// witness in trimmed mode: a witness of a long recording has hundreds of
// thousands of steps, mostly a shared prefix, and a report draws a dozen.
func witnessRows(tr *trace.Trace, x *replay.StepIndex, w replay.Witness, choice []trace.EventRef, mode Mode) ([]witnessRow, []trace.ThreadID, int) {
	n := w.Len()
	d := &witnessDrawing{tr: tr, x: x, w: w, counts: make([]int, len(tr.Threads))}
	if mode == Full {
		d.steps(0, n)
		return d.rows, d.threads(), 0
	}
	elided, cur := 0, 0
	for _, iv := range shownIntervals(chosenPositions(tr, x, w, choice), n) {
		elided += d.stretch(cur, iv[0])
		d.steps(iv[0], iv[1])
		cur = iv[1]
	}
	elided += d.stretch(cur, n)
	return d.rows, d.threads(), elided
}

// witnessDrawing is the state of witnessRows: counts[t] is the number of
// thread t's steps before the position reached.
type witnessDrawing struct {
	tr     *trace.Trace
	x      *replay.StepIndex
	w      replay.Witness
	counts []int
	rows   []witnessRow
	first  []trace.ThreadID // threads in order of first appearance
	seen   []bool
}

func (d *witnessDrawing) threads() []trace.ThreadID { return d.first }

// steps draws steps [a, b) one per line.
func (d *witnessDrawing) steps(a, b int) {
	if d.seen == nil {
		d.seen = make([]bool, len(d.counts))
	}
	for i := a; i < b; i++ {
		t := d.w.Thread(i)
		if !d.seen[t] {
			d.seen[t] = true
			d.first = append(d.first, t)
		}
		d.rows = append(d.rows, witnessRow{thread: t, step: d.x.Step(t, d.counts[t])})
		d.counts[t]++
	}
}

// stretch draws steps [a, b): one per line when the stretch is short,
// else one summary per thread, in the order the threads first appear in
// it. It returns how many steps it summarised.
func (d *witnessDrawing) stretch(a, b int) int {
	if b-a < minElided {
		d.steps(a, b)
		return 0
	}
	if d.seen == nil {
		d.seen = make([]bool, len(d.counts))
	}
	before := append([]int(nil), d.counts...)
	local := make([]bool, len(d.counts))
	order := d.w.Tally(a, b, d.counts, local, nil)
	for _, t := range order {
		if !d.seen[t] {
			d.seen[t] = true
			d.first = append(d.first, t)
		}
		k := d.counts[t] - before[t]
		span := d.x.Step(t, before[t]).Format(d.tr)
		if k > 1 {
			span += " to " + d.x.Step(t, d.counts[t]-1).Format(d.tr)
		}
		noun := "steps"
		if k == 1 {
			noun = "step"
		}
		d.rows = append(d.rows, witnessRow{thread: t,
			summary: fmt.Sprintf("… %s: %s %s (%s) …", d.tr.ThreadName(t), Thousands(k), noun, span)})
	}
	return b - a
}

// chosenPositions finds the step of each chosen event in w (its first
// step: a wait's release), by the witness's tallies rather than by
// walking it from the start.
func chosenPositions(tr *trace.Trace, x *replay.StepIndex, w replay.Witness, choice []trace.EventRef) []int {
	var pos []int
	for _, c := range choice {
		if p := w.StepOf(c.Thread, x.StepsBefore(c)); p >= 0 {
			pos = append(pos, p)
		}
	}
	return pos
}

// shownIntervals are the stretches [from, to) within witnessContext steps
// of a chosen position, merged and in order.
func shownIntervals(pos []int, n int) [][2]int {
	slices.Sort(pos)
	var out [][2]int
	for _, p := range pos {
		a, b := max(0, p-witnessContext), min(n, p+witnessContext+1)
		if k := len(out); k > 0 && a <= out[k-1][1] {
			out[k-1][1] = max(out[k-1][1], b)
			continue
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

// Thousands writes n with a comma between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Text draws witness w with one column per thread (in order of first
// appearance), one step per line; chosen events are marked `*`. In
// trimmed mode long stretches are summarised (see above) and the heading
// says how much.
func (d *Drawer) Text(out io.Writer, w replay.Witness, choice []trace.EventRef, mode Mode) error {
	t := &printer{w: out}
	chosen := map[trace.EventRef]bool{}
	for _, r := range choice {
		chosen[r] = true
	}
	rows, threads, elided := witnessRows(d.tr, d.Steps(), w, choice, mode)
	col := make([]int, len(d.tr.Threads))
	for i, th := range threads {
		col[th] = i
	}
	cells := make([]string, len(rows))
	width := 0
	for i, row := range rows {
		if row.summary != "" {
			cells[i] = row.summary // wider than a column: it sets no width
			continue
		}
		s := row.step
		cells[i] = s.Format(d.tr)
		if chosen[s.Ref] && (s.Part == replay.Whole || s.Part == replay.Release) {
			cells[i] += " *"
		}
		width = max(width, len(cells[i]))
	}
	for _, th := range threads {
		width = max(width, len(d.tr.ThreadName(th)))
	}
	width += 2
	head := make([]string, len(threads))
	for i, th := range threads {
		head[i] = d.tr.ThreadName(th)
	}
	if elided > 0 {
		t.printf("  witness (%s steps; %s summarised, --witness full draws them):\n", Thousands(w.Len()), Thousands(elided))
	} else {
		t.printf("  witness:\n")
	}
	t.printf("    %s\n", strings.TrimRight(padColumns(head, width), " "))
	for i, row := range rows {
		t.printf("    %s%s\n", strings.Repeat(" ", col[row.thread]*width), cells[i])
	}
	return t.err
}

// Draw draws sched as Drawer.Text does, for the reports of other commands
// (gpredict query).
func Draw(w io.Writer, tr *trace.Trace, sched []replay.Step, marked []trace.EventRef, mode Mode) error {
	return NewDrawer(tr).Text(w, replay.Compact(tr, sched), marked, mode)
}

// printer keeps the first write error, so that a drawing is a run of
// printf calls and one check at the end.
type printer struct {
	w   io.Writer
	err error
}

func (p *printer) printf(format string, args ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, args...)
	}
}

func padColumns(cells []string, width int) string {
	var b strings.Builder
	for _, c := range cells {
		b.WriteString(c)
		b.WriteString(strings.Repeat(" ", width-len(c)))
	}
	return b.String()
}
