package report

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"math"

	"gpredict/predict"
	"gpredict/predict/report/witness"
	"gpredict/trace"
)

// WriteHTML writes one self-contained page (docs/output.md, `--format
// html`): no request leaves it — its style and script are inline, it names
// no other file. Per report the property, binding and chosen events, and
// the witness as a timeline with a lane per thread: each step in its
// thread's lane, the chosen events marked, each followed by its event and
// location (and, on click, shown in a panel with its place in the
// schedule). Long stretches are folded as in the text report and expand
// on click; then the unknown candidates, the summary and the stages.
//
// A witness of a long recording has a hundred thousand steps, and the
// page holds one per report: a fold therefore embeds at most foldSteps of
// its steps — those nearest the chosen events after it — and summarises
// the rest per thread; the JSON report has every step.
//
// Once o.Stop has closed it adds no more reports or unknown candidates to
// the page (truncate.go), which says so at the top. Each report is
// rendered as it is added (the page's "report" template), so that
// rendering them is bounded by o.Stop as well; the rendered reports wait
// in a spool (spool.go) while the page's head, which counts them, is
// written.
func WriteHTML(w io.Writer, r *predict.Result, o Options) error {
	return writeHTML(w, r, o, htmlSpoolLimit)
}

// writeHTML is WriteHTML with the rendered reports held in memory up to
// spoolLimit bytes, then in a temporary file.
func writeHTML(w io.Writer, r *predict.Result, o Options, spoolLimit int) error {
	reports := newSpool(spoolLimit)
	defer reports.Close()
	v, cut, err := newHTMLView(r, o, reports)
	if err != nil {
		return err
	}
	if err := htmlPage.ExecuteTemplate(w, "top", v); err != nil {
		return err
	}
	if _, err := reports.WriteTo(w); err != nil {
		return err
	}
	if err := htmlPage.ExecuteTemplate(w, "bottom", v); err != nil {
		return err
	}
	if err := reports.Close(); err != nil {
		return err
	}
	return cut.err()
}

// foldSteps is the most steps a folded stretch embeds.
const foldSteps = 200

//go:embed html.tmpl
var htmlTemplate string

var htmlPage = template.Must(template.New("page").Parse(htmlTemplate))

// The view the template renders: everything computed here, so that the
// template only lays it out.
type htmlView struct {
	Version     string
	Traces      []string
	Reports     []htmlReport
	Unknown     []htmlUnknown
	UnknownNote string
	Summary     []string
	Stages      []jsonStage
	Warnings    []Warning
	Interrupted bool
	// Truncated is the line saying what the page holds when o.Stop cut
	// its writing short ("": it was not).
	Truncated string
}

type htmlReport struct {
	// What renders the report (the page's "report" template); the page's
	// head keeps only Anchor and Title, for its index of reports.
	N, Of   int
	Title   string // property and binding
	Count   int
	Events  []htmlEvent
	Lanes   []string // thread names, in lane order
	Steps   int
	Folded  int
	Rows    []htmlRow // the witness: steps and folds, in order
	Anchor  string
	Finger  string
	Witness bool
}

type htmlEvent struct {
	Name, ID, Event, Loc string
}

// htmlRow is a step (Fold nil) or a folded stretch.
type htmlRow struct {
	Step *htmlStep
	Fold *htmlFold
}

type htmlStep struct {
	Lane   int // 1-based grid column
	ID     string
	Thread string
	Event  string
	Loc    string
	Pos    int // 1-based place in the schedule
	Chosen bool
}

type htmlFold struct {
	Steps     int
	Summaries []htmlSummary
	// Cut summarises the steps not embedded (the part of the stretch
	// farthest from the chosen events), Shown the ones that are.
	Cut       []htmlSummary
	CutSteps  int
	CutBefore bool // the cut steps come before the embedded ones
	Shown     []htmlStep
}

type htmlSummary struct {
	Lane int
	Text string
}

type htmlUnknown struct {
	Count            int
	Property, Reason string
	Events           []htmlEvent
}

// newHTMLView is the page's view, its reports rendered to reports.
func newHTMLView(r *predict.Result, o Options, reports io.Writer) (*htmlView, *truncation, error) {
	tr := r.Trace
	reps := r.Reports(o.All)
	v := &htmlView{Version: o.Version, Traces: o.Traces,
		Stages: jsonStages(r.Stats.Stages), Warnings: o.Warnings, Interrupted: r.Interrupted}
	draw := witness.NewDrawer(tr)
	cut := newTruncation(len(reps), len(r.Unknown))
	for i, rep := range reps {
		if !cut.more(o.Stop) {
			break
		}
		cut.report()
		hr, err := htmlReportOf(tr, draw, i+1, len(reps), rep, o.Witness != witness.None)
		if err != nil {
			return nil, nil, err
		}
		if err := htmlPage.ExecuteTemplate(reports, "report", hr); err != nil {
			return nil, nil, err
		}
		// Only the index needs the rest: the page holds one report at
		// a time.
		v.Reports = append(v.Reports, htmlReport{Anchor: hr.Anchor, Title: hr.Title})
	}
	if o.All {
		for _, u := range r.Unknown {
			if !cut.more(o.Stop) {
				break
			}
			cut.unknown()
			v.Unknown = append(v.Unknown, htmlUnknown{Count: 1, Property: u.Title(tr),
				Reason: u.Reason, Events: htmlEvents(tr, predict.ReportedEventsOf(u.Property, u.Alt, u.Choice))})
		}
	} else {
		for _, g := range groupUnknowns(r.Unknown) {
			v.Unknown = append(v.Unknown, htmlUnknown{Count: g.count, Property: g.prop, Reason: g.shown()})
		}
		if len(r.Unknown) > 0 {
			v.UnknownNote = "by property and reason (--all lists each; --format json has them all)"
		}
		cut.UnknownWritten = len(r.Unknown) // counted, all of them
	}
	v.Summary = summaryLines(r, len(reps), o, cut)
	if cut.cut {
		v.Truncated = fmt.Sprintf("An interrupt stopped the writing of this page: it holds %d of the %s.", cut.Written, plural(cut.Reports, "report"))
	}
	return v, cut, nil
}

func htmlEvents(tr *trace.Trace, evs []predict.ReportedEvent) []htmlEvent {
	out := make([]htmlEvent, len(evs))
	for i, e := range evs {
		text, loc := witness.Describe(tr, e.Ref)
		out[i] = htmlEvent{Name: e.Name, ID: tr.ID(e.Ref), Event: text, Loc: loc}
	}
	return out
}

func htmlReportOf(tr *trace.Trace, draw *witness.Drawer, n, of int, rep predict.Report, drawWitness bool) (htmlReport, error) {
	hr := htmlReport{N: n, Of: of, Count: rep.Count, Anchor: fmt.Sprintf("report-%d", n), Witness: drawWitness,
		Title:  rep.Property.Name + " " + predict.BindingText(tr, rep.Property, rep.Binding),
		Events: htmlEvents(tr, rep.ReportedEvents()),
		Finger: predict.Fingerprint(tr, rep.Property, rep.Alt, rep.Choice)}
	if !drawWitness {
		return hr, nil
	}
	w, err := rep.Witness.Load()
	if err != nil {
		return hr, err
	}
	chosen := map[trace.EventRef]bool{}
	for _, c := range rep.Choice {
		chosen[c] = true
	}
	l := draw.Layout(w, rep.Choice, witness.Trimmed)
	lane := make(map[trace.ThreadID]int, len(l.Threads))
	for i, t := range l.Threads {
		lane[t] = i + 1
		hr.Lanes = append(hr.Lanes, tr.ThreadName(t))
	}
	step := func(row witness.Row) htmlStep {
		text, loc := witness.Describe(tr, row.Step.Ref)
		return htmlStep{Lane: lane[row.Thread], ID: row.Step.Format(tr), Thread: tr.ThreadName(row.Thread),
			Event: text, Loc: loc, Pos: row.Pos + 1, Chosen: witness.Chosen(chosen, row.Step)}
	}
	summaries := func(ss []witness.Summary) []htmlSummary {
		out := make([]htmlSummary, len(ss))
		for i, s := range ss {
			out[i] = htmlSummary{Lane: lane[s.Thread], Text: s.Text(tr)}
		}
		return out
	}
	hr.Steps, hr.Folded = l.Len, l.Folded
	for k, seg := range l.Segments {
		if !seg.Folded {
			for _, row := range seg.Steps {
				s := step(row)
				hr.Rows = append(hr.Rows, htmlRow{Step: &s})
			}
			continue
		}
		f := &htmlFold{Steps: seg.To - seg.From, Summaries: summaries(seg.Summaries)}
		// Embed the steps nearest the chosen events: the end of a fold
		// that a shown stretch follows, else (the witness's tail) its
		// start.
		from, to := seg.From, seg.To
		if seg.To-seg.From > foldSteps {
			if k+1 < len(l.Segments) {
				from = seg.To - foldSteps
				f.Cut, f.CutBefore = summaries(draw.Summarise(w, seg.From, from)), true
			} else {
				to = seg.From + foldSteps
				f.Cut = summaries(draw.Summarise(w, to, seg.To))
			}
			f.CutSteps = seg.To - seg.From - foldSteps
		}
		for _, row := range draw.StepRows(w, from, to) {
			f.Shown = append(f.Shown, step(row))
		}
		hr.Rows = append(hr.Rows, htmlRow{Fold: f})
	}
	return hr, nil
}

// GridStyle is the CSS of a witness's grid: one lane per thread, as wide
// as its longest name or step id, then the event's text.
func (r htmlReport) GridStyle() template.CSS {
	width := 4
	for _, l := range r.Lanes {
		width = max(width, len(l))
	}
	each := func(s htmlStep) { width = max(width, len(s.ID)+2) }
	for _, row := range r.Rows {
		if row.Step != nil {
			each(*row.Step)
		} else {
			for _, s := range row.Fold.Shown {
				each(s)
			}
		}
	}
	return template.CSS(fmt.Sprintf("--lanes: %d; --lane-w: %dch", len(r.Lanes), width+2))
}

// Thousands is witness.Thousands, for the templates.
func (htmlView) Thousands(n int) string { return witness.Thousands(n) }

// Thousands is witness.Thousands, for the "report" template.
func (htmlReport) Thousands(n int) string { return witness.Thousands(n) }

// Seconds rounds a stage's time for the template.
func (htmlView) Seconds(s float64) string { return fmt.Sprintf("%.3fs", math.Round(s*1000)/1000) }
