package report

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict"
)

// TestBaselineRoundTrip: a run's own JSON or SARIF output, read back as
// its baseline, leaves out every report, and the writers count them; a
// run whose trace moved its events (other ids, same locations) keeps
// matching, one with a new location does not.
func TestBaselineRoundTrip(t *testing.T) {
	tr := testtrace.Text(t, racy)
	res := run(t, tr, false, nil, property(t, tr, "Race"))
	if len(res.Violations) == 0 {
		t.Fatal("no violation to baseline")
	}
	// The same program doing a little more first: every id shifts.
	shifted := testtrace.Text(t, "T1 write z 0\nT1 write z 1\n"+racy)
	resShifted := run(t, shifted, false, nil, property(t, shifted, "Race"))
	// One location differs: a new report.
	moved := testtrace.Text(t, strings.Replace(racy, "@B.java:1", "@B.java:7", 1))
	resMoved := run(t, moved, false, nil, property(t, moved, "Race"))

	for _, format := range []struct {
		name  string
		write func(io.Writer, *predict.Result, Options) error
	}{{"json", WriteJSON}, {"sarif", WriteSARIF}} {
		var buf bytes.Buffer
		if err := format.write(&buf, res, Options{}); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), "base."+format.name)
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		base, err := ReadBaseline(file)
		if err != nil {
			t.Fatal(err)
		}
		reports := len(res.Reports(false))
		if base.Len() != reports {
			t.Errorf("%s: baseline of %d fingerprints, want one per report (%d)", format.name, base.Len(), reports)
		}
		for _, tc := range []struct {
			name          string
			res           *predict.Result
			kept, dropped int
		}{{"same run", res, 0, reports}, {"shifted ids", resShifted, 0, reports}, {"moved location", resMoved, 1, reports - 1}} {
			kept, f := Filter(tc.res, base, nil, false)
			if got := len(kept.Reports(false)); got != tc.kept || f.Baselined != tc.dropped {
				t.Errorf("%s, %s: %d reports kept, %d baselined; want %d and %d", format.name, tc.name, got, f.Baselined, tc.kept, tc.dropped)
			}
			if tc.kept == 0 && ExitStatus(kept, Options{}) != 0 {
				t.Errorf("%s, %s: exit status %d with every report baselined, want 0", format.name, tc.name, ExitStatus(kept, Options{}))
			}
		}
		var text bytes.Buffer
		kept, f := Filter(res, base, nil, false)
		if err := WriteText(&text, kept, Options{Filtered: f}); err != nil {
			t.Fatal(err)
		}
		if want := "not shown: 1 report in the baseline (" + file + ")"; !strings.Contains(text.String(), want) {
			t.Errorf("%s: the text report does not say %q:\n%s", format.name, want, text.String())
		}
	}
}

func TestReadBaselineErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ name, content, want string }{
		{"broken.json", "{\n  \"violations\": [\n  }", "broken.json:3:3: not a JSON document"},
		{"other.json", `{"version": "1"}`, "neither a JSON report"},
		{"old.json", `{"violations": [{"property": "Race"}]}`, "violation 1 has no fingerprint"},
		{"old.sarif", `{"runs": [{"results": [{"ruleId": "Race"}]}]}`, "result 1 has no fingerprint"},
	} {
		file := filepath.Join(dir, tc.name)
		if err := os.WriteFile(file, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadBaseline(file); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}

// TestSuppressions: a suppression matches by property and by the
// location of some chosen event, a bare file name every line of it.
func TestSuppressions(t *testing.T) {
	tr := testtrace.Text(t, racy) // Race (v=x): A.java:1 || B.java:1, ...
	res := run(t, tr, true, nil, property(t, tr, "Race"))
	all := len(res.Reports(true))
	for _, tc := range []struct {
		sup        string
		suppressed int
	}{
		{"Race", all}, {"*", all}, {"Other", 0},
		{"Race@B.java:1", 1}, {"Race@B.java", 1}, {"*@A.java:1", 1}, {"Race@A.java:9", 0}, {"Race@A.jav", 0},
	} {
		s, err := ParseSuppression(tc.sup)
		if err != nil {
			t.Fatal(err)
		}
		kept, f := Filter(res, nil, []Suppression{s}, true)
		if f.Suppressed != tc.suppressed || len(kept.Reports(true)) != all-tc.suppressed {
			t.Errorf("%s: %d suppressed, %d kept; want %d of %d suppressed", tc.sup, f.Suppressed, len(kept.Reports(true)), tc.suppressed, all)
		}
	}
	if _, err := ParseSuppression("@A.java:1"); err == nil {
		t.Error("a suppression without a property is accepted")
	}
}

// TestExitPolicy: --fail-on chooses what fails a run; an interrupt is 130
// whatever it says.
func TestExitPolicy(t *testing.T) {
	tr := testtrace.Text(t, racy)
	v := run(t, tr, false, nil, property(t, tr, "Race")).Violations
	u := []predict.UnknownCandidate{{Reason: "timeout after 1s"}}
	results := map[string]*predict.Result{
		"nothing": {}, "violations": {Violations: v}, "unknowns": {Unknown: u},
		"both": {Violations: v, Unknown: u}, "interrupted": {Violations: v, Interrupted: true},
	}
	want := map[string][4]int{ // by policy: both, violations, unknowns, none
		"nothing":     {0, 0, 0, 0},
		"violations":  {1, 1, 0, 0},
		"unknowns":    {3, 0, 3, 0},
		"both":        {1, 1, 3, 0},
		"interrupted": {130, 130, 130, 130},
	}
	for name, r := range results {
		for i, policy := range FailOnValues {
			p, err := ParseFailOn(policy)
			if err != nil {
				t.Fatal(err)
			}
			if got := ExitStatus(r, Options{FailOn: p}); got != want[name][i] {
				t.Errorf("%s under --fail-on %s: exit %d, want %d", name, policy, got, want[name][i])
			}
		}
	}
	if _, err := ParseFailOn("all"); err == nil {
		t.Error("--fail-on all is accepted")
	}
}
