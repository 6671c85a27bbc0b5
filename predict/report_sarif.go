package predict

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteSARIF writes a minimal SARIF 2.1.0 log: one run, one rule per
// property, one result per report. A result's locations are the chosen
// events' `@FILE:LINE` locations (an event without a location, or whose
// location has no `:LINE`, gives a location without a region, or none).
func WriteSARIF(w io.Writer, r *Result, o ReportOptions) error {
	tr := r.Trace
	type region struct {
		StartLine int `json:"startLine"`
	}
	type artifact struct {
		URI string `json:"uri"`
	}
	type physical struct {
		ArtifactLocation artifact `json:"artifactLocation"`
		Region           *region  `json:"region,omitempty"`
	}
	type message struct {
		Text string `json:"text"`
	}
	type location struct {
		PhysicalLocation physical `json:"physicalLocation"`
		Message          message  `json:"message"`
	}
	type result struct {
		RuleID    string     `json:"ruleId"`
		Level     string     `json:"level"`
		Message   message    `json:"message"`
		Locations []location `json:"locations"`
	}
	type rule struct {
		ID string `json:"id"`
	}
	type driver struct {
		Name    string `json:"name"`
		Version string `json:"version"`
		Rules   []rule `json:"rules"`
	}
	type tool struct {
		Driver driver `json:"driver"`
	}
	type run struct {
		Tool    tool     `json:"tool"`
		Results []result `json:"results"`
	}
	type log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}

	ru := run{Tool: tool{Driver: driver{Name: "gpredict", Version: o.Version, Rules: []rule{}}}, Results: []result{}}
	seenRule := map[string]bool{}
	for _, rep := range r.Reports(o.All) {
		name := rep.Property.Name
		if !seenRule[name] {
			seenRule[name] = true
			ru.Tool.Driver.Rules = append(ru.Tool.Driver.Rules, rule{ID: name})
		}
		var ids []string
		locs := []location{}
		for _, e := range reportedEvents(rep.Property, rep.Alt, rep.Choice) {
			occ, ref := e.Name, e.Ref
			ids = append(ids, occ+" "+tr.ID(ref))
			loc := eventLoc(tr, ref)
			if loc == "" {
				continue
			}
			file, line := splitFileLine(loc)
			pl := physical{ArtifactLocation: artifact{URI: file}}
			if line > 0 {
				pl.Region = &region{StartLine: line}
			}
			locs = append(locs, location{PhysicalLocation: pl, Message: message{Text: occ + " " + tr.ID(ref)}})
		}
		text := fmt.Sprintf("%s %s: %s", name, bindingText(tr, rep.Property, rep.Binding), strings.Join(ids, ", "))
		if rep.Count > 1 {
			text += fmt.Sprintf(" (%d violations at these locations)", rep.Count)
		}
		ru.Results = append(ru.Results, result{RuleID: name, Level: "error", Message: message{Text: text}, Locations: locs})
	}
	doc := log{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []run{ru}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
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
