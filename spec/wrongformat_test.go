package spec

import (
	"strings"
	"testing"
)

// TestTraceInsteadOfSpec: a trace given where a .gp file is expected gets
// one diagnostic naming the mix-up, not a screen of syntax errors; a file
// that is neither keeps its syntax errors.
func TestTraceInsteadOfSpec(t *testing.T) {
	tests := []struct {
		file, src string
		want      string // substring of the one diagnostic; "" for syntax errors
	}{
		{"fig8.gp", "T1 fork T2\nT1 write x 1\nT2 read x 1 @A.java:3\n", "this is a trace (text format)"},
		{"race.gp", "T1|w(V1)|1\nT2|r(V1)|2\n", "this is a trace (std format)"},
		{"events.gp", `{"thread":"T1","op":"write","var":"x","value":"1"}` + "\n", "this is a trace (jsonl format)"},
		{"broken.trace", "T1 wrte x 1\n", "this is a trace (text format)"},
		{"hb.gp", "T1 write x 1\nT2 read x 1\nhb T1:1 T2:1\n", "this is a trace (text format)"},
		{"cycle.gp", "T1 fork T2\nT2 fork T1\n", "this is a trace (text format)"},
		{"typo.gp", "Race(String v) { event wr before() : set(* *) && location(v) pattern: wr }\n", ""},
	}
	for _, tc := range tests {
		_, diags := Load(tc.file, []byte(tc.src))
		if tc.want == "" {
			if len(diags) == 0 || diags[0].Code != CodeSyntax {
				t.Errorf("%s: %v; want syntax errors", tc.file, diags)
			}
			continue
		}
		if len(diags) != 1 || diags[0].Code != CodeNotASpec || !strings.Contains(diags[0].Msg, tc.want) {
			t.Errorf("%s: %v; want one not-a-spec diagnostic containing %q", tc.file, diags, tc.want)
		}
	}
}
