package predict

import (
	"fmt"
	"io"
	"strings"

	"gpredict/predict/replay"
	"gpredict/spec"
	"gpredict/trace"
)

// WriteText writes the report for people (SPEC 4): per report the
// property and binding, the chosen events with their locations, and the
// witness drawn with one column per thread, chosen events marked `*`;
// then the unknown candidates and a summary line.
func WriteText(w io.Writer, r *Result, o ReportOptions) error {
	tw := &textWriter{w: w, tr: r.Trace}
	reps := r.Reports(o.All)
	for i, rep := range reps {
		if i > 0 {
			tw.printf("\n")
		}
		tw.violation(i+1, len(reps), rep)
	}
	for i, u := range r.Unknown {
		if i > 0 || len(reps) > 0 {
			tw.printf("\n")
		}
		tw.printf("unknown: %s %s\n", u.Property.Name, bindingText(r.Trace, u.Property, u.Binding))
		tw.events(u.Property, u.Alt, u.Choice)
		tw.printf("  reason: %s\n", u.Reason)
	}
	if len(reps) > 0 || len(r.Unknown) > 0 {
		tw.printf("\n")
	}
	s := r.Stats
	tw.printf("%s, %s, %s; %s, %s, %s, %s (%d pre-filtered), %s, %.2fs\n",
		plural(len(reps), "report"), plural(len(r.Violations), "violation"), plural(len(r.Unknown), "unknown candidate"),
		plural(s.Threads, "thread"), plural(s.Events, "event"), plural(s.PropertyEvents, "property event"),
		plural(s.Candidates, "candidate"), s.Prefiltered, plural(s.SolverCalls, "solver call"), s.Seconds)
	return tw.err
}

type textWriter struct {
	w   io.Writer
	tr  *trace.Trace
	err error
}

func (t *textWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *textWriter) violation(n, of int, rep Report) {
	count := ""
	if rep.Count > 1 {
		count = fmt.Sprintf(" (%d violations at these locations)", rep.Count)
	}
	t.printf("[%d/%d] %s %s%s\n", n, of, rep.Property.Name, bindingText(t.tr, rep.Property, rep.Binding), count)
	t.events(rep.Property, rep.Alt, rep.Choice)
	t.printf("  witness:\n")
	t.witness(rep.Schedule, rep.Choice)
}

func (t *textWriter) events(p *spec.Property, alt int, choice []trace.EventRef) {
	var rows [][]string
	for _, e := range reportedEvents(p, alt, choice) {
		rows = append(rows, []string{e.Name, t.tr.ID(e.Ref), eventLoc(t.tr, e.Ref)})
	}
	for _, row := range alignRows(rows) {
		t.printf("    %s\n", row)
	}
}

// witness draws the schedule with one column per thread (in order of
// first appearance), one step per line; chosen events are marked `*`.
func (t *textWriter) witness(sched []replay.Step, choice []trace.EventRef) {
	chosen := map[trace.EventRef]bool{}
	for _, r := range choice {
		chosen[r] = true
	}
	col := map[trace.ThreadID]int{}
	var threads []trace.ThreadID
	for _, s := range sched {
		if _, ok := col[s.Ref.Thread]; !ok {
			col[s.Ref.Thread] = len(threads)
			threads = append(threads, s.Ref.Thread)
		}
	}
	cells := make([]string, len(sched))
	width := 0
	for i, s := range sched {
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
	t.printf("    %s\n", strings.TrimRight(padColumns(head, width), " "))
	for i, s := range sched {
		line := strings.Repeat(" ", col[s.Ref.Thread]*width) + cells[i]
		t.printf("    %s\n", line)
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

// alignRows pads each column to its widest cell.
func alignRows(rows [][]string) []string {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len(c))
		}
	}
	out := make([]string, len(rows))
	for k, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-len(c)+2))
			}
		}
		out[k] = strings.TrimRight(b.String(), " ")
	}
	return out
}

func bindingText(tr *trace.Trace, p *spec.Property, b []trace.Sym) string {
	pairs := bindingPairs(tr, p, b)
	parts := make([]string, len(pairs))
	for i, kv := range pairs {
		parts[i] = kv[0] + "=" + kv[1]
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func plural(n int, what string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}
