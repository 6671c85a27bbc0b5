package predict

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// WriteSARIF writes a SARIF 2.1.0 log (docs/output.md): one run, one rule
// per property (documented from o.Rules), one result per report with the
// chosen events as locations and the witness as a code flow (one thread
// flow per thread, the chosen events `essential`), and one invocation
// whose tool execution notifications are the unknown candidates and the
// warnings; the execution counts as successful when no candidate is
// unknown, since otherwise the analysis is incomplete.
func WriteSARIF(w io.Writer, r *Result, o ReportOptions) error {
	tr := r.Trace
	ru := sarifRun{
		Tool:       sarifTool{Driver: sarifDriver{Name: "gpredict", Version: o.Version, Rules: []sarifRule{}}},
		Invocation: []sarifInvocation{{ExecutionSuccessful: len(r.Unknown) == 0, ExitCode: r.ExitStatus(), Notifications: []sarifNotification{}}},
		Results:    []sarifResult{},
	}
	rules := newSARIFRules(o.Rules)
	for _, rep := range r.Reports(o.All) {
		name := rep.Property.Name
		text := fmt.Sprintf("%s %s: %s", name, bindingText(tr, rep.Property, rep.Binding), chosenText(tr, rep.Property, rep.Alt, rep.Choice))
		if rep.Count > 1 {
			text += fmt.Sprintf(" (%d violations at these locations)", rep.Count)
		}
		ru.Results = append(ru.Results, sarifResult{
			RuleID: name, RuleIndex: rules.index(name), Level: "error", Message: sarifMessage{Text: text},
			Locations: chosenLocations(tr, rep.Property, rep.Alt, rep.Choice),
			CodeFlows: []sarifCodeFlow{witnessFlow(tr, &rep.Violation)},
		})
	}
	inv := &ru.Invocation[0]
	for _, u := range r.Unknown {
		inv.Notifications = append(inv.Notifications, sarifNotification{
			Level:          "warning",
			Message:        sarifMessage{Text: fmt.Sprintf("%s %s: %s: undecided: %s", u.Property.Name, bindingText(tr, u.Property, u.Binding), chosenText(tr, u.Property, u.Alt, u.Choice), u.Reason)},
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
	ru.Tool.Driver.Rules = rules.list
	doc := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{ru}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// chosenText lists a choice as "create T1#3, update T2#1, next T1#4".
func chosenText(tr *trace.Trace, p *spec.Property, alt int, choice []trace.EventRef) string {
	var ids []string
	for _, e := range reportedEvents(p, alt, choice) {
		ids = append(ids, e.Name+" "+tr.ID(e.Ref))
	}
	return strings.Join(ids, ", ")
}

// chosenLocations are the chosen events' source locations (events without
// a location have none).
func chosenLocations(tr *trace.Trace, p *spec.Property, alt int, choice []trace.EventRef) []sarifLocation {
	locs := []sarifLocation{}
	for _, e := range reportedEvents(p, alt, choice) {
		if l, ok := eventLocation(tr, e.Ref, e.Name+" "+tr.ID(e.Ref)); ok {
			locs = append(locs, l)
		}
	}
	return locs
}

// witnessFlow is the witness as a code flow: one thread flow per thread
// (in order of first appearance), each step a location with its place in
// the whole schedule as executionOrder; the chosen events are
// `essential`, the other steps `unimportant`.
func witnessFlow(tr *trace.Trace, v *Violation) sarifCodeFlow {
	chosen := map[trace.EventRef]string{}
	for _, e := range reportedEvents(v.Property, v.Alt, v.Choice) {
		chosen[e.Ref] = e.Name
	}
	flows := []sarifThreadFlow{}
	index := map[trace.ThreadID]int{}
	sched := v.Schedule(tr)
	for i, s := range sched {
		k, ok := index[s.Ref.Thread]
		if !ok {
			k = len(flows)
			index[s.Ref.Thread] = k
			name := tr.ThreadName(s.Ref.Thread)
			flows = append(flows, sarifThreadFlow{ID: name, Message: &sarifMessage{Text: "thread " + name}})
		}
		text := s.Format(tr)
		importance := "unimportant"
		if name, ok := chosen[s.Ref]; ok {
			text, importance = name+" "+text+" (chosen event)", "essential"
		}
		loc, ok := eventLocation(tr, s.Ref, text)
		if !ok {
			loc = sarifLocation{Message: &sarifMessage{Text: text}}
		}
		flows[k].Locations = append(flows[k].Locations, sarifThreadFlowLocation{
			Location: loc, ExecutionOrder: i + 1, Importance: importance})
	}
	return sarifCodeFlow{Message: sarifMessage{Text: fmt.Sprintf("witness schedule: %d steps", len(sched))}, ThreadFlows: flows}
}

// eventLocation is the physical location of an event's `@FILE:LINE`
// location (a location without `:LINE` has no region), with text as its
// message; false if the event has no location.
func eventLocation(tr *trace.Trace, ref trace.EventRef, text string) (sarifLocation, bool) {
	loc := eventLoc(tr, ref)
	if loc == "" {
		return sarifLocation{}, false
	}
	l := posLocation(loc)
	l.Message = &sarifMessage{Text: text}
	return l, true
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
