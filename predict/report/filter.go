package report

import (
	"fmt"
	"strings"

	"gpredict/predict"
)

// A team that takes gpredict into CI accepts today's reports and fails
// only on new ones: --baseline FILE names an earlier JSON or SARIF output
// (baseline.go), and suppressions (--suppress, or `suppress:` in
// gpredict.yaml) leave out reports by property and location. Filter
// applies both before the writers run; the reports it leaves out are
// counted in every format, never dropped silently.

// Suppression leaves out the reports of Property (or of every property,
// for "*") that have a chosen event at Location ("": anywhere). A
// location matches exactly, or, when it names a file only (no ":LINE"),
// every line of that file.
type Suppression struct {
	Property string
	Location string
	Text     string // as given, for messages
}

// ParseSuppression reads PROPERTY or PROPERTY@LOCATION, e.g.
// "DataRace@Cache.java:120", "UnsafeIterator@Legacy.java", "*@30".
func ParseSuppression(s string) (Suppression, error) {
	prop, loc, _ := strings.Cut(s, "@")
	prop = strings.TrimSpace(prop)
	if prop == "" {
		return Suppression{}, fmt.Errorf("suppression %q: want PROPERTY or PROPERTY@LOCATION, e.g. DataRace@Cache.java:120 (* for every property)", s)
	}
	return Suppression{Property: prop, Location: strings.TrimSpace(loc), Text: s}, nil
}

// matches reports whether s leaves out violation v.
func (s Suppression) matches(r *predict.Result, v *predict.Violation) bool {
	if s.Property != "*" && s.Property != v.Property.Name {
		return false
	}
	if s.Location == "" {
		return true
	}
	for _, c := range v.Choice {
		loc := predict.EventLoc(r.Trace, c)
		if loc == s.Location || (!strings.Contains(s.Location, ":") && strings.HasPrefix(loc, s.Location+":")) {
			return true
		}
	}
	return false
}

// Filtered counts the reports Filter left out.
type Filtered struct {
	// Baselined counts the reports whose fingerprint the baseline has,
	// Suppressed those a suppression matched (and the baseline did not).
	Baselined, Suppressed int
	// Baseline is the baseline file ("" without --baseline).
	Baseline string
}

// Filter returns r without the violations that the baseline (fingerprints,
// nil for none) has or a suppression matches, and counts the reports they
// made (grouped as with all). r itself is not changed.
func Filter(r *predict.Result, baseline *Baseline, sups []Suppression, all bool) (*predict.Result, Filtered) {
	var f Filtered
	if baseline != nil {
		f.Baseline = baseline.File
	}
	if baseline == nil && len(sups) == 0 {
		return r, f
	}
	kept := *r
	kept.Violations = nil
	baselined := &predict.Result{Trace: r.Trace}
	suppressed := &predict.Result{Trace: r.Trace}
	for _, v := range r.Violations {
		switch {
		case baseline != nil && baseline.Has(predict.Fingerprint(r.Trace, v.Property, v.Alt, v.Choice)):
			baselined.Violations = append(baselined.Violations, v)
		case suppressedBy(r, &v, sups):
			suppressed.Violations = append(suppressed.Violations, v)
		default:
			kept.Violations = append(kept.Violations, v)
		}
	}
	f.Baselined = len(baselined.Reports(all))
	f.Suppressed = len(suppressed.Reports(all))
	return &kept, f
}

func suppressedBy(r *predict.Result, v *predict.Violation, sups []Suppression) bool {
	for _, s := range sups {
		if s.matches(r, v) {
			return true
		}
	}
	return false
}

// Any reports whether some report was left out.
func (f Filtered) Any() bool { return f.Baselined > 0 || f.Suppressed > 0 }

// text is the line of the text report that counts what was left out, e.g.
// "not shown: 3 reports in the baseline (old.json), 1 report suppressed".
func (f Filtered) text() string {
	var parts []string
	if f.Baselined > 0 {
		parts = append(parts, fmt.Sprintf("%s in the baseline (%s)", plural(f.Baselined, "report"), f.Baseline))
	}
	if f.Suppressed > 0 {
		parts = append(parts, plural(f.Suppressed, "report")+" suppressed")
	}
	return "not shown: " + strings.Join(parts, ", ")
}
