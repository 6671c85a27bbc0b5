package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/explore"
	"gpredict/predict"
	"gpredict/trace"
)

// exploreDecider answers with the brute-force reference explorer, so the
// command is tested end to end without depending on the solver.
type exploreDecider struct {
	tr    *trace.Trace
	model trace.BranchModel
}

func (d exploreDecider) Decide(c encode.Candidate) predict.Decision {
	if ok, sched := explore.Decide(d.tr, d.model, c); ok {
		return predict.Decision{Verdict: predict.Sat, Schedule: sched}
	}
	return predict.Decision{Verdict: predict.Unsat}
}
func (exploreDecider) Close() {}

type unknownDecider struct{}

func (unknownDecider) Decide(encode.Candidate) predict.Decision {
	return predict.Decision{Verdict: predict.Unknown, Reason: "timeout after 1ns"}
}
func (unknownDecider) Close() {}

// explorer and unknowns are Decider factories for runWith: the
// brute-force explorer (exact and fast on the small traces of these
// tests), and one that answers Unknown to everything.
func explorer(tr *trace.Trace, m trace.BranchModel, _ predict.DeciderOptions) predict.Decider {
	return exploreDecider{tr, m}
}

func unknowns(*trace.Trace, trace.BranchModel, predict.DeciderOptions) predict.Decider {
	return unknownDecider{}
}

func td(name string) string { return filepath.Join("testdata", "predict", name) }

func TestPredictExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		errs string // substring of stderr
	}{
		{"violation", []string{"--spec", td("iterator.gp"), td("fig8.trace")}, exitViolation, ""},
		{"no violation", []string{"--spec", td("race.gp"), td("locked.trace")}, exitOK, ""},
		{"spec error", []string{"--spec", td("bad.gp"), td("locked.trace")}, exitError, "undeclared event 'wrx'"},
		{"unknown property", []string{"--spec", td("race.gp"), "--props", "Race,Nope", td("locked.trace")}, exitError, "unknown property Nope; known: AtomicityViolation"},
		{"no trace", []string{"--spec", td("race.gp")}, exitError, "no trace given"},
		{"no property", []string{td("locked.trace")}, exitError, "no property to check"},
		{"bad format", []string{"--spec", td("race.gp"), "--format", "xml", td("locked.trace")}, exitError, "--format"},
		{"bad branches", []string{"--spec", td("race.gp"), "--branches", "maybe", td("locked.trace")}, exitError, "--branches"},
		{"missing trace", []string{"--spec", td("race.gp"), td("nope.trace")}, exitError, "nope.trace"},
		{"props selects", []string{"--spec", td("race.gp"), "--spec", td("iterator.gp"), "--props", "Race", td("fig8.trace")}, exitOK, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runWith(t, explorer, append([]string{"predict"}, tc.args...)...)
			if code != tc.code || !strings.Contains(stderr, tc.errs) {
				t.Errorf("code %d, want %d; stderr %q, want it to contain %q", code, tc.code, stderr, tc.errs)
			}
		})
	}
}

func TestPredictUnknownExit3(t *testing.T) {
	out, _, code := runWith(t, unknowns, "predict", "--format", "json", "--spec", td("iterator.gp"), td("fig8.trace"))
	if code != exitUnknown {
		t.Fatalf("code %d, want %d", code, exitUnknown)
	}
	var doc struct {
		Violations []any `json:"violations"`
		Unknown    []struct {
			Property string            `json:"property"`
			Binding  map[string]string `json:"binding"`
			Events   []map[string]string
			Reason   string `json:"reason"`
		} `json:"unknown"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Violations) != 0 || len(doc.Unknown) == 0 || doc.Unknown[0].Reason != "timeout after 1ns" || doc.Unknown[0].Property != "UnsafeIterator" {
		t.Errorf("unexpected document: %s", out)
	}
}

// TestPredictJSONShape pins the document of docs/output.md on the FIG. 8
// example.
func TestPredictJSONShape(t *testing.T) {
	out, stderr, code := runWith(t, explorer, "predict", "--format", "json", "--jobs", "1", "--spec", td("iterator.gp"), td("fig8.trace"))
	if code != exitViolation {
		t.Fatalf("code %d, stderr %s", code, stderr)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"version", "traces", "stats", "violations", "unknown"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("missing key %q", k)
		}
	}
	var vs []struct {
		Property string `json:"property"`
		Binding  json.RawMessage
		Events   []struct{ ID, Name, Loc string }
		Schedule []string
		Count    int
	}
	if err := json.Unmarshal(doc["violations"], &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) != 1 {
		t.Fatalf("violations: %s", doc["violations"])
	}
	v := vs[0]
	var compact bytes.Buffer
	if err := json.Compact(&compact, v.Binding); err != nil {
		t.Fatal(err)
	}
	if compact.String() != `{"c":"c","i":"i1"}` || v.Count != 1 || v.Property != "UnsafeIterator" {
		t.Errorf("violation %+v binding %s", v, v.Binding)
	}
	var got []string
	for _, e := range v.Events {
		got = append(got, e.ID+"/"+e.Name+"/"+e.Loc)
	}
	if want := "T1#3/create/Main.java:3 T2#1/update/Main.java:5 T1#4/next/Main.java:4"; strings.Join(got, " ") != want {
		t.Errorf("events %v, want %s", got, want)
	}
	if len(v.Schedule) == 0 || v.Schedule[len(v.Schedule)-1] != "T1#4" {
		t.Errorf("schedule %v should end with the last chosen event", v.Schedule)
	}
	var stats struct{ Threads, Events, PropertyEvents float64 }
	if err := json.Unmarshal(doc["stats"], &stats); err != nil {
		t.Fatal(err)
	}
	if stats.Threads != 2 || stats.Events != 7 || stats.PropertyEvents != 6 {
		t.Errorf("stats %v", stats)
	}
}

func TestPredictSettingsFromEnv(t *testing.T) {
	t.Setenv("GPREDICT_FORMAT", "sarif")
	out, _, code := runWith(t, explorer, "predict", "--spec", td("iterator.gp"), td("fig8.trace"))
	if code != exitViolation || !strings.Contains(out, `"version": "2.1.0"`) {
		t.Errorf("code %d, output %s", code, out)
	}
}
