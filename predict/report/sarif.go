package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gpredict/predict"
	"gpredict/predict/report/witness"
	"gpredict/spec"
	"gpredict/trace"
)

// WriteSARIF writes a SARIF 2.1.0 log (docs/output.md): one run, one rule
// per property (documented from o.Rules), one result per report with the
// chosen events as locations and the witness as a code flow (one thread
// flow per thread, the chosen events `essential`), and one invocation
// whose tool execution notifications are the unknown candidates and the
// warnings; the execution counts as successful when no candidate is
// unknown and no interrupt stopped the run, since otherwise the analysis
// is incomplete. The reports Filter left out are counted in the run's
// properties; with a baseline, every result is "new". Once o.Stop has
// closed it adds no more results or unknown candidates (truncate.go): the
// log then says so in an error notification (descriptor `truncated`),
// and the execution, interrupted, exits 130. Each result is written as it
// is made, so that the writing is bounded by o.Stop as a whole: the log is
// encoded around an empty list of results, and the results are written
// in its place, the part before them (the tool and its rules, known
// before the first result) first, the rest (the invocation) after.
func WriteSARIF(w io.Writer, r *predict.Result, o Options) error {
	tr := r.Trace
	ru := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{Name: "gpredict", Version: o.Version, Rules: []sarifRule{}}},
		Invocation: []sarifInvocation{{ExecutionSuccessful: len(r.Unknown) == 0 && !r.Interrupted,
			ExitCode: ExitStatus(r, o), Notifications: []sarifNotification{}}},
		Results: []sarifResult{},
	}
	if o.Filtered.Any() {
		ru.Properties = &sarifRunProperties{Baselined: o.Filtered.Baselined, Suppressed: o.Filtered.Suppressed}
	}
	baselineState := ""
	if o.Filtered.Baseline != "" {
		baselineState = "new" // the others are left out
	}
	rules := newSARIFRules(o.Rules)
	reps := r.Reports(o.All)
	// Every rule a result or a notification refers to, in the order they
	// do, before anything is written: the rules come first.
	for _, rep := range reps {
		rules.index(rep.Property.Name)
	}
	for _, u := range r.Unknown {
		rules.index(u.Property.Name)
	}
	ru.Tool.Driver.Rules = rules.list
	doc := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{ru}}
	head, _, err := splitAtResults(doc)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	bw.Write(head)
	draw := witness.NewDrawer(tr)
	cut := newTruncation(len(reps), len(r.Unknown))
	for _, rep := range reps {
		if !cut.more(o.Stop) {
			break
		}
		name := rep.Property.Name
		text := fmt.Sprintf("%s %s: %s", name, predict.BindingText(tr, rep.Property, rep.Binding), predict.ChosenText(tr, rep.Property, rep.Alt, rep.Choice))
		if rep.Count > 1 {
			text += fmt.Sprintf(" (%d violations at these locations)", rep.Count)
		}
		var flows []sarifCodeFlow
		if o.Witness != witness.None {
			flow, err := witnessFlow(tr, draw, rep.Violation)
			if err != nil {
				return err
			}
			flows = []sarifCodeFlow{flow}
		}
		enc, err := json.MarshalIndent(sarifResult{
			RuleID: name, RuleIndex: rules.index(name), Level: "error", Message: sarifMessage{Text: text},
			BaselineState: baselineState,
			Locations:     chosenLocations(tr, rep.Property, rep.Alt, rep.Choice),
			CodeFlows:     flows,
			PartialFingerprints: map[string]string{
				FingerprintKey: predict.Fingerprint(tr, rep.Property, rep.Alt, rep.Choice)},
		}, sarifResultIndent, "  ")
		if err != nil {
			return err
		}
		if cut.Written > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n" + sarifResultIndent)
		bw.Write(enc)
		cut.report()
	}
	if cut.Written > 0 {
		bw.WriteString("\n" + sarifResultIndent[2:])
	}
	inv := &doc.Runs[0].Invocation[0]
	for _, u := range r.Unknown {
		if !cut.more(o.Stop) {
			break
		}
		cut.unknown()
		head := u.Title(tr)
		if chosen := predict.ChosenText(tr, u.Property, u.Alt, u.Choice); chosen != "" {
			head += ": " + chosen
		}
		inv.Notifications = append(inv.Notifications, sarifNotification{
			Level:          "warning",
			Message:        sarifMessage{Text: head + ": undecided: " + u.Reason},
			Descriptor:     &sarifRef{ID: "unknown-candidate"},
			AssociatedRule: &sarifRef{ID: u.Property.Name, Index: ptr(rules.index(u.Property.Name))},
			Locations:      chosenLocations(tr, u.Property, u.Alt, u.Choice),
		})
	}
	for _, wn := range o.Warnings {
		n := sarifNotification{Level: "warning", Message: sarifMessage{Text: wn.Message}, Descriptor: &sarifRef{ID: wn.Code}}
		if wn.Pos != "" {
			n.Locations = []sarifLocation{posLocation(wn.Pos)}
		}
		inv.Notifications = append(inv.Notifications, n)
	}
	if cut.cut {
		inv.ExecutionSuccessful, inv.ExitCode = false, ExitInterrupted
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error",
			Message: sarifMessage{Text: cut.text()}, Descriptor: &sarifRef{ID: "truncated"}})
	}
	_, tail, err := splitAtResults(doc)
	if err != nil {
		return err
	}
	bw.Write(tail)
	if err := bw.Flush(); err != nil {
		return err
	}
	return cut.err()
}

// splitAtResults encodes doc, whose run has no results, and returns the
// encoding up to the inside of the run's list of results and from its end
// on (with the final newline).
func splitAtResults(doc sarifLog) (head, tail []byte, err error) {
	whole, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, nil, err
	}
	const empty = `"results": []`
	at := bytes.Index(whole, []byte(empty)) // the only one: a string holds no bare quotes
	if at < 0 {
		panic("report: the SARIF log has no empty list of results")
	}
	at += len(empty) - 1 // before the closing bracket
	return whole[:at], append(whole[at:], '\n'), nil
}

// sarifResultIndent is the indentation of a result in the log: in the
// results of the run in the runs of the log.
const sarifResultIndent = "        "

// FingerprintKey names gpredict's fingerprint (predict.Fingerprint) among
// a SARIF result's partialFingerprints.
const FingerprintKey = "gpredictReport/v1"

// chosenLocations are the chosen events' source locations (events without
// a location have none).
func chosenLocations(tr *trace.Trace, p *spec.Property, alt int, choice []trace.EventRef) []sarifLocation {
	locs := []sarifLocation{}
	for _, e := range predict.ReportedEventsOf(p, alt, choice) {
		if l, ok := eventLocation(tr, e.Ref, e.Name+" "+tr.ID(e.Ref)); ok {
			locs = append(locs, l)
		}
	}
	return locs
}

// witnessFlow is the witness as a code flow: one thread flow per thread
// (in order of first appearance), trimmed as the text report trims it
// (witness.Layout): the steps within witness.Context steps of a chosen
// event, each a location with its place in the whole schedule as
// executionOrder, and each longer stretch between them one location per
// thread whose message summarises it ("… T3: 24,180 steps (T3#1 to
// T3#24180) …"). The chosen events are `essential`, the other steps
// `unimportant`. The whole schedule stays in the JSON and HTML reports:
// a code-scanning service shows a flow of a dozen steps, and a witness of
// a long recording has a hundred thousand.
func witnessFlow(tr *trace.Trace, draw *witness.Drawer, v *predict.Violation) (sarifCodeFlow, error) {
	w, err := v.Witness.Load()
	if err != nil {
		return sarifCodeFlow{}, err
	}
	chosen := map[trace.EventRef]string{}
	for _, e := range predict.ReportedEventsOf(v.Property, v.Alt, v.Choice) {
		chosen[e.Ref] = e.Name
	}
	isChosen := map[trace.EventRef]bool{}
	for r := range chosen {
		isChosen[r] = true
	}
	l := draw.Layout(w, v.Choice, witness.Trimmed)
	flows := make([]sarifThreadFlow, len(l.Threads))
	index := map[trace.ThreadID]int{}
	for k, t := range l.Threads {
		index[t] = k
		name := tr.ThreadName(t)
		flows[k] = sarifThreadFlow{ID: name, Message: &sarifMessage{Text: "thread " + name}, Locations: []sarifThreadFlowLocation{}}
	}
	for _, seg := range l.Segments {
		for _, sum := range seg.Summaries {
			k := index[sum.Thread]
			flows[k].Locations = append(flows[k].Locations, sarifThreadFlowLocation{
				Location: sarifLocation{Message: &sarifMessage{Text: sum.Text(tr)}}, Importance: "unimportant"})
		}
		for _, row := range seg.Steps {
			s := row.Step
			text := s.Format(tr) + " " + tr.EventText(s.Ref)
			importance := "unimportant"
			if witness.Chosen(isChosen, s) {
				text, importance = chosen[s.Ref]+" "+text+" (chosen event)", "essential"
			}
			loc, ok := eventLocation(tr, s.Ref, text)
			if !ok {
				loc = sarifLocation{Message: &sarifMessage{Text: text}}
			}
			k := index[row.Thread]
			flows[k].Locations = append(flows[k].Locations, sarifThreadFlowLocation{
				Location: loc, ExecutionOrder: ptr(row.Pos + 1), Importance: importance})
		}
	}
	msg := fmt.Sprintf("witness schedule: %s steps", witness.Thousands(l.Len))
	if l.Folded > 0 {
		msg += fmt.Sprintf(" (%s summarised per thread; the JSON and HTML reports list them all)", witness.Thousands(l.Folded))
	}
	return sarifCodeFlow{Message: sarifMessage{Text: msg}, ThreadFlows: flows}, nil
}

// eventLocation is the location of an event's `@LOCATION`, with text as
// its message: a physical location for `FILE:LINE` (or a bare `FILE`,
// without a region), a logical one for a bare number (the STD format's
// locations, which name a program point, not a file); false if the event
// has no location.
func eventLocation(tr *trace.Trace, ref trace.EventRef, text string) (sarifLocation, bool) {
	loc := predict.EventLoc(tr, ref)
	if loc == "" {
		return sarifLocation{}, false
	}
	var l sarifLocation
	if isNumber(loc) {
		l.LogicalLocations = []sarifLogical{{Name: loc, FullyQualifiedName: "location " + loc}}
	} else {
		l = posLocation(loc)
	}
	l.Message = &sarifMessage{Text: text}
	return l, true
}

// isNumber reports whether s is a bare number, such as the STD format's
// locations.
func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// posLocation turns FILE:LINE or FILE:LINE:COL (or a bare FILE) into a
// physical location. A Java location, METHOD(FILE:LINE) as stack traces
// write frames (docs/recording-java.md), is its FILE:LINE.
func posLocation(pos string) sarifLocation {
	if open := strings.LastIndexByte(pos, '('); open > 0 && strings.HasSuffix(pos, ")") {
		pos = pos[open+1 : len(pos)-1]
	}
	file, line := splitFileLine(pos)
	col := 0
	if f2, l2 := splitFileLine(file); l2 > 0 && line > 0 {
		file, line, col = f2, l2, line
	}
	pl := &sarifPhysical{ArtifactLocation: sarifArtifact{URI: file}}
	if line > 0 {
		pl.Region = &sarifRegion{StartLine: line, StartColumn: col}
	}
	return sarifLocation{PhysicalLocation: pl}
}

// splitFileLine splits "File.java:12" into file and line (0 if the
// location has no numeric line after its last colon).
func splitFileLine(loc string) (string, int) {
	i := strings.LastIndexByte(loc, ':')
	if i <= 0 {
		return loc, 0
	}
	n, err := strconv.Atoi(loc[i+1:])
	if err != nil || n <= 0 {
		return loc, 0
	}
	return loc[:i], n
}

func ptr[T any](v T) *T { return &v }
