package report

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"

	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/predict/report/witness"
	"gpredict/spec"
	"gpredict/trace"
)

// WriteText writes the report for people (docs/output.md): per report the
// property and binding, the chosen events with their locations, and the
// witness drawn with one column per thread, chosen events marked `*`
// (trimmed to what matters unless o.Witness says otherwise, see
// predict/report/witness); then the unknown candidates, counted by property and
// reason (each listed with o.All), and a summary line; with o.Stats, the
// decision ladder's counts by stage after it (stats.go). Once o.Stop has
// closed it writes no more reports (truncate.go).
func WriteText(w io.Writer, r *predict.Result, o Options) error {
	bw := bufio.NewWriter(w)
	tw := &textWriter{w: bw, tr: r.Trace, draw: witness.NewDrawer(r.Trace)}
	reps := r.Reports(o.All)
	cut := newTruncation(len(reps), len(r.Unknown))
	for i, rep := range reps {
		if !cut.more(o.Stop) {
			break
		}
		if i > 0 {
			tw.printf("\n")
		}
		tw.violation(i+1, len(reps), rep, o.Witness)
		cut.report()
	}
	if len(r.Unknown) > 0 {
		if cut.Written > 0 {
			tw.printf("\n")
		}
		if o.All {
			tw.unknownList(r.Unknown, o.Stop, cut)
		} else {
			tw.unknownGroups(r.Unknown)
			cut.UnknownWritten = len(r.Unknown) // counted, all of them
		}
	}
	if cut.Written > 0 || cut.UnknownWritten > 0 {
		tw.printf("\n")
	}
	for _, line := range summaryLines(r, len(reps), o, cut) {
		tw.printf("%s\n", line)
	}
	if o.Stats {
		tw.stages(r.Stats.Stages)
	}
	if r.Explained != nil {
		tw.explained(r.Explained)
	}
	if tw.err == nil {
		tw.err = bw.Flush()
	}
	if tw.err != nil {
		return tw.err
	}
	return cut.err()
}

// summaryLines are the summary line (docs/output.md) and, when they
// apply, the lines counting the reports left out and saying that an
// interrupt stopped the run, or the writing (cut).
func summaryLines(r *predict.Result, reports int, o Options, cut *truncation) []string {
	s := r.Stats
	skipped := ""
	if s.Skipped > 0 {
		skipped = fmt.Sprintf(", %d not needed: their location group is reported", s.Skipped)
	}
	out := []string{fmt.Sprintf("%s, %s, %s; %s, %s, %s, %s (%d pre-filtered%s), %d decided, %.2fs",
		plural(reports, "report"), plural(len(r.Violations), "violation"), plural(len(r.Unknown), "unknown candidate"),
		plural(s.Threads, "thread"), plural(s.Events, "event"), plural(s.PropertyEvents, "property event"),
		plural(s.Candidates, "candidate"), s.Prefiltered, skipped, s.SolverCalls, s.Seconds)}
	if r.Mem.Relaxed() { // SC, the default, goes unsaid as it always has
		out = append(out, fmt.Sprintf("memory model: %s (docs/semantics.md, rule 6)", strings.ToUpper(r.Mem.String())))
	}
	if o.Filtered.Any() {
		out = append(out, o.Filtered.text())
	}
	switch {
	case r.Interrupted && s.Candidates == 0:
		out = append(out, "interrupted: the run was stopped before any candidate was formed")
	case r.Interrupted:
		out = append(out, fmt.Sprintf("interrupted: %s left undecided; the reports above are what was found before", plural(s.Undecided, "candidate")))
	}
	if cut.cut {
		out = append(out, cut.text())
	}
	return out
}

type textWriter struct {
	w    io.Writer
	tr   *trace.Trace
	err  error
	draw *witness.Drawer
}

func (t *textWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

func (t *textWriter) violation(n, of int, rep predict.Report, mode witness.Mode) {
	count := ""
	if rep.Count > 1 {
		count = fmt.Sprintf(" (%d violations at these locations)", rep.Count)
	}
	t.printf("[%d/%d] %s %s%s\n", n, of, rep.Property.Name, predict.BindingText(t.tr, rep.Property, rep.Binding), count)
	t.events(rep.Property, rep.Alt, rep.Choice)
	if mode != witness.None && t.err == nil {
		var w replay.Witness
		if w, t.err = rep.Witness.Load(); t.err == nil {
			t.err = t.draw.Text(t.w, w, rep.Choice, mode)
		}
	}
}

func (t *textWriter) events(p *spec.Property, alt int, choice []trace.EventRef) {
	var rows [][]string
	for _, e := range predict.ReportedEventsOf(p, alt, choice) {
		rows = append(rows, []string{e.Name, t.tr.ID(e.Ref), predict.EventLoc(t.tr, e.Ref)})
	}
	for _, row := range alignRows(rows) {
		t.printf("    %s\n", row)
	}
}

// unknownList lists every unknown candidate with its events and reason
// (--all), until stop closes.
func (t *textWriter) unknownList(us []predict.UnknownCandidate, stop <-chan struct{}, cut *truncation) {
	for i, u := range us {
		if !cut.more(stop) {
			return
		}
		cut.unknown()
		if i > 0 {
			t.printf("\n")
		}
		t.printf("unknown: %s\n", u.Title(t.tr))
		t.events(u.Property, u.Alt, u.Choice)
		t.printf("  reason: %s\n", u.Reason)
	}
}

// unknownGroups counts the unknown candidates by property and reason, so
// that hundreds of timeouts are one line. Reasons that differ only in
// their numbers (the size of a slice) are one group, shown by its first
// reason after "e.g.".
func (t *textWriter) unknownGroups(us []predict.UnknownCandidate) {
	t.printf("unknown candidates by property and reason (--all lists each; --format json has them all):\n")
	for _, row := range UnknownRows(us) {
		t.printf("  %s\n", row)
	}
}

// UnknownRows are the lines that count unknown candidates by property and
// reason, aligned (count, property, reason): the text format's, and
// gpredict test's, which has no --all.
func UnknownRows(us []predict.UnknownCandidate) []string {
	groups := groupUnknowns(us)
	rows := make([][]string, len(groups))
	for i, g := range groups {
		rows[i] = []string{fmt.Sprintf("%*d", len(fmt.Sprint(len(us))), g.count), g.prop, g.shown()}
	}
	return alignRows(rows)
}

// unknownGroup is the unknown candidates of one property whose reasons
// differ at most in their numbers, shown by the first reason.
type unknownGroup struct {
	prop, reason string
	count        int
	varied       bool
}

// shown is the group's reason as shown: "e.g. " before it when the
// reasons differ.
func (g *unknownGroup) shown() string {
	if g.varied {
		return "e.g. " + g.reason
	}
	return g.reason
}

// groupUnknowns groups unknown candidates by property and reason, so
// that hundreds of timeouts are one line; reasons that differ only in
// their numbers (the size of a slice) are one group.
func groupUnknowns(us []predict.UnknownCandidate) []*unknownGroup {
	var groups []*unknownGroup
	index := map[string]*unknownGroup{}
	for _, u := range us {
		key := u.Property.Name + "\x00" + digits.ReplaceAllString(u.Reason, "#")
		g := index[key]
		if g == nil {
			g = &unknownGroup{prop: u.Property.Name, reason: u.Reason}
			index[key] = g
			groups = append(groups, g)
		}
		g.count++
		g.varied = g.varied || u.Reason != g.reason
	}
	return groups
}

// digits matches the numbers of a reason, which unknownGroups ignores.
var digits = regexp.MustCompile(`[0-9]+`)

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

func plural(n int, what string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}
