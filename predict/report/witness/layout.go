package witness

import (
	"fmt"
	"slices"
	"strconv"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// A witness of a long trace has tens of thousands of steps, of which the
// reader needs the few around the chosen events. The reports therefore
// show, by default, the steps within Context steps of a chosen event, and
// fold each longer stretch in between (and before the first, and after
// the last) into one summary per thread:
//
//	… T3: 24,180 steps (T3#1 to T3#24180) …
//
// The summarised steps of a thread are consecutive events of that thread,
// in its recorded order (as every witness runs each thread's events), so
// the range says exactly which ones ran; only how they interleave with the
// other threads' summarised steps is left out, and --witness full shows it.
const (
	// Context is how many steps are shown on each side of a chosen
	// event.
	Context = 3
	// minFolded is the shortest stretch that is folded: a shorter one is
	// shown, since its summary would save little.
	minFolded = 8
)

// Layout is how a witness is shown: its steps cut into segments, shown
// step by step or folded, and its threads in the order they first appear
// in what is shown (the columns or lanes of a drawing).
type Layout struct {
	Segments []Segment
	Threads  []trace.ThreadID
	// Len is the number of steps of the witness, Folded how many of them
	// the folded segments hold.
	Len, Folded int
}

// Segment is the steps [From, To) of a witness: shown one by one (Steps),
// or, when Folded, summarised per thread (Summaries, in the order the
// threads first appear in the segment).
type Segment struct {
	From, To  int
	Folded    bool
	Steps     []Row
	Summaries []Summary
}

// Row is one step of a witness: its position in the schedule (from 0),
// its thread and the step.
type Row struct {
	Pos    int
	Thread trace.ThreadID
	Step   replay.Step
}

// Summary is the steps of one thread in a folded segment: how many, and
// the first and last of them.
type Summary struct {
	Thread      trace.ThreadID
	Steps       int
	First, Last replay.Step
}

// Text is the summary as the text report prints it:
// "… T3: 24,180 steps (T3#1 to T3#24180) …".
func (s Summary) Text(tr *trace.Trace) string {
	span := s.First.Format(tr)
	if s.Steps > 1 {
		span += " to " + s.Last.Format(tr)
	}
	noun := "steps"
	if s.Steps == 1 {
		noun = "step"
	}
	return fmt.Sprintf("… %s: %s %s (%s) …", tr.ThreadName(s.Thread), Thousands(s.Steps), noun, span)
}

// Layout lays witness w out for mode (trimmed or full; the caller draws
// nothing for None), the chosen events being choice. It never spells out
// the whole witness in trimmed mode: a witness of a long recording has
// hundreds of thousands of steps, mostly a shared prefix, and a report
// shows a dozen.
func (d *Drawer) Layout(w replay.Witness, choice []trace.EventRef, mode Mode) Layout {
	n := w.Len()
	l := &layout{d: d, w: w, counts: make([]int, len(d.tr.Threads)), seen: make([]bool, len(d.tr.Threads))}
	l.out.Len = n
	if mode == Full {
		l.steps(0, n)
		return l.out
	}
	cur := 0
	for _, iv := range shownIntervals(d.chosenPositions(w, choice), n) {
		l.stretch(cur, iv[0])
		l.steps(iv[0], iv[1])
		cur = iv[1]
	}
	l.stretch(cur, n)
	return l.out
}

// StepRows returns the steps [from, to) of w one by one: the content of a
// folded segment, or part of it.
func (d *Drawer) StepRows(w replay.Witness, from, to int) []Row {
	counts := make([]int, len(d.tr.Threads))
	w.Tally(0, from, counts, make([]bool, len(counts)), nil)
	rows := make([]Row, 0, to-from)
	for i := from; i < to; i++ {
		t := w.Thread(i)
		if c, ok := w.CommitAt(i); ok { // a write becoming visible: no event of t's
			rows = append(rows, Row{Pos: i, Thread: t, Step: replay.Step{Ref: c, Part: replay.Commit}})
			continue
		}
		row := Row{Pos: i, Thread: t, Step: d.Steps().Step(t, counts[t])}
		if p := w.PartAt(i); p.Other() { // a select's other case
			row.Step.Part = p
		}
		rows = append(rows, row)
		counts[t]++
	}
	return rows
}

// layout is the state of Drawer.Layout: counts[t] is the number of thread
// t's steps before the position reached.
type layout struct {
	d      *Drawer
	w      replay.Witness
	counts []int
	seen   []bool
	out    Layout
}

func (l *layout) see(t trace.ThreadID) {
	if !l.seen[t] {
		l.seen[t] = true
		l.out.Threads = append(l.out.Threads, t)
	}
}

// steps shows steps [a, b) one by one, as one segment.
func (l *layout) steps(a, b int) {
	if a >= b {
		return
	}
	seg := Segment{From: a, To: b}
	for i := a; i < b; i++ {
		t := l.w.Thread(i)
		l.see(t)
		if c, ok := l.w.CommitAt(i); ok { // a write becoming visible: no event of t's
			seg.Steps = append(seg.Steps, Row{Pos: i, Thread: t, Step: replay.Step{Ref: c, Part: replay.Commit}})
			continue
		}
		row := Row{Pos: i, Thread: t, Step: l.d.Steps().Step(t, l.counts[t])}
		if p := l.w.PartAt(i); p.Other() { // a select's other case
			row.Step.Part = p
		}
		seg.Steps = append(seg.Steps, row)
		l.counts[t]++
	}
	l.out.Segments = append(l.out.Segments, seg)
}

// stretch lays out steps [a, b) between the shown intervals: one by one
// when the stretch is short, else folded.
func (l *layout) stretch(a, b int) {
	if b-a < minFolded {
		l.steps(a, b)
		return
	}
	seg := Segment{From: a, To: b, Folded: true, Summaries: l.d.summaries(l.w, a, b, l.counts)}
	for _, s := range seg.Summaries {
		l.see(s.Thread)
	}
	l.out.Segments = append(l.out.Segments, seg)
	l.out.Folded += b - a
}

// chosenPositions finds the step of each chosen event in w (its first
// step: a wait's release), by the witness's tallies rather than by
// walking it from the start.
func (d *Drawer) chosenPositions(w replay.Witness, choice []trace.EventRef) []int {
	var pos []int
	for _, c := range choice {
		if p := w.StepOf(c.Thread, d.Steps().StepsBefore(c)); p >= 0 {
			pos = append(pos, p)
		}
	}
	return pos
}

// shownIntervals are the stretches [from, to) within Context steps of a
// chosen position, merged and in order.
func shownIntervals(pos []int, n int) [][2]int {
	slices.Sort(pos)
	var out [][2]int
	for _, p := range pos {
		a, b := max(0, p-Context), min(n, p+Context+1)
		if k := len(out); k > 0 && a <= out[k-1][1] {
			out[k-1][1] = max(out[k-1][1], b)
			continue
		}
		out = append(out, [2]int{a, b})
	}
	return out
}

// Chosen reports whether step s marks a chosen event: its first step (a
// wait's release, any other event's only step).
func Chosen(chosen map[trace.EventRef]bool, s replay.Step) bool {
	return chosen[s.Ref] && (s.Part == replay.Whole || s.Part == replay.Release)
}

// Thousands writes n with a comma between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Describe is what a step's event is and where: its text-format line
// without thread and location, and its location ("" if none).
func Describe(tr *trace.Trace, r trace.EventRef) (text, loc string) {
	if l := tr.Event(r).Loc; l != trace.NoSym {
		loc = tr.Str(l)
	}
	return tr.EventText(r), loc
}

// Summarise summarises steps [from, to) of w per thread, in the order the
// threads first appear there: the part of a folded segment that a report
// does not list step by step.
func (d *Drawer) Summarise(w replay.Witness, from, to int) []Summary {
	counts := make([]int, len(d.tr.Threads))
	w.Tally(0, from, counts, make([]bool, len(counts)), nil)
	return d.summaries(w, from, to, counts)
}

// summaries summarises steps [from, to) of w per thread, counts[t] being
// the number of thread t's steps before from; it advances counts to to.
func (d *Drawer) summaries(w replay.Witness, from, to int, counts []int) []Summary {
	before := append([]int(nil), counts...)
	order := w.Tally(from, to, counts, make([]bool, len(counts)), nil)
	out := make([]Summary, 0, len(order))
	for _, t := range order {
		out = append(out, Summary{Thread: t, Steps: counts[t] - before[t],
			First: d.Steps().Step(t, before[t]), Last: d.Steps().Step(t, counts[t]-1)})
	}
	return out
}
