package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestSpecCheck(t *testing.T) {
	specs := filepath.Join(repoRoot(t), "spec", "testdata")
	cases := []struct {
		name       string
		args       []string
		code       int
		stderrHas  []string
		stderrNone bool
	}{
		{"clean spec", []string{filepath.Join(specs, "patent", "data_race.gp")}, exitOK, nil, true},
		{"warnings only", []string{filepath.Join(specs, "patent", "atomicity_violation.gp")}, exitOK,
			[]string{"atomicity_violation.gp:3:22: warning: advice parameter 'o' of event 'begin'", "^~~~~~~~"}, false},
		{"error", []string{filepath.Join(specs, "patent", "data_race.gp"), filepath.Join(specs, "diag", "undeclared_event.gp")}, exitError,
			[]string{"undeclared_event.gp:5:12: error: undeclared event 'aquire' in pattern (did you mean 'acquire'?)\n     pattern: aquire(t1) || release(t2)\n              ^~~~~~\n"}, false},
		{"syntax error", []string{filepath.Join(specs, "diag", "syntax_missing_semicolon.gp")}, exitError,
			[]string{"syntax_missing_semicolon.gp:4:3: error: missing ';' at 'event'"}, false},
		{"missing file", []string{"no-such.gp"}, exitError, []string{"no-such.gp"}, false},
		{"no file", nil, exitError, []string{"no .gp file given"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := runCLI(t, append([]string{"spec", "check"}, c.args...)...)
			if code != c.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, c.code, stderr)
			}
			for _, s := range c.stderrHas {
				if !strings.Contains(stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, stderr)
				}
			}
			if c.stderrNone && stderr != "" {
				t.Errorf("stderr not empty:\n%s", stderr)
			}
		})
	}
}

func TestSpecCheckJSON(t *testing.T) {
	path := filepath.Join(repoRoot(t), "spec", "testdata", "diag", "unknown_pointcut.gp")
	stdout, stderr, code := runCLI(t, "spec", "check", "--diags", "json", path)
	if code != exitError || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var diags []map[string]any
	if err := json.Unmarshal([]byte(stdout), &diags); err != nil {
		t.Fatalf("%v\n%s", err, stdout)
	}
	if len(diags) != 1 || diags[0]["code"] != "unknown-pointcut" || diags[0]["line"] != 3.0 || diags[0]["column"] != 32.0 {
		t.Errorf("got %v", diags)
	}
}
