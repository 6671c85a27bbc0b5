package witness

import (
	"fmt"
	"io"
	"strings"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// Text draws witness w with one column per thread (in order of first
// appearance), one step per line, each followed by what its event is and
// where (as its line of the trace says it); chosen events are marked `*`.
// In trimmed mode long stretches are summarised (layout.go) and the
// heading says how much.
func (d *Drawer) Text(out io.Writer, w replay.Witness, choice []trace.EventRef, mode Mode) error {
	t := &printer{w: out}
	chosen := map[trace.EventRef]bool{}
	for _, r := range choice {
		chosen[r] = true
	}
	l := d.Layout(w, choice, mode)
	col := make([]int, len(d.tr.Threads))
	for i, th := range l.Threads {
		col[th] = i
	}
	width := 0
	for _, seg := range l.Segments {
		for _, row := range seg.Steps {
			width = max(width, len(stepCell(d.tr, chosen, row.Step)))
		}
	}
	for _, th := range l.Threads {
		width = max(width, len(d.tr.ThreadName(th)))
	}
	width += 2
	head := make([]string, len(l.Threads))
	for i, th := range l.Threads {
		head[i] = d.tr.ThreadName(th)
	}
	if l.Folded > 0 {
		t.printf("  witness (%s steps; %s summarised, --witness full draws them):\n", Thousands(l.Len), Thousands(l.Folded))
	} else {
		t.printf("  witness:\n")
	}
	t.printf("    %s\n", strings.TrimRight(padColumns(head, width), " "))
	// The event's text follows the last column, so that the columns
	// keep the order readable and the text says what each step is.
	descCol := len(l.Threads) * width
	for _, seg := range l.Segments {
		for _, s := range seg.Summaries {
			// wider than a column: it sets no width
			t.printf("    %s%s\n", strings.Repeat(" ", col[s.Thread]*width), s.Text(d.tr))
		}
		for _, row := range seg.Steps {
			cell := strings.Repeat(" ", col[row.Thread]*width) + stepCell(d.tr, chosen, row.Step)
			text, loc := Describe(d.tr, row.Step.Ref)
			if row.Step.Part == replay.Commit {
				text += " becomes visible"
			}
			if row.Step.Part.Other() {
				text += OtherCase(d.tr, row.Step)
			}
			if loc != "" {
				text += " @" + loc
			}
			t.printf("    %-*s%s\n", descCol, cell, text)
		}
	}
	return t.err
}

// stepCell is a step's id, marked ` *` for a chosen event.
func stepCell(tr *trace.Trace, chosen map[trace.EventRef]bool, s replay.Step) string {
	if Chosen(chosen, s) {
		return s.Format(tr) + " *"
	}
	return s.Format(tr)
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

// OtherCase says which case of its select a step takes instead of the
// recorded one: " → takes recv:CH instead", " → takes default instead".
func OtherCase(tr *trace.Trace, s replay.Step) string {
	sel, ok := tr.SelectAt(s.Ref)
	if !ok {
		return ""
	}
	if k, isCase := s.Part.Case(); isCase && k < len(sel.Cases) {
		return " → takes " + sel.Cases[k].String(tr) + " instead"
	}
	return " → takes default instead"
}
