package spec

import (
	"strings"
	"testing"
)

// TestLineLimit: a line of maxLineBytes loads, one byte more is refused
// before parsing (the only diagnostic is the line's, although the line
// would not parse), whatever the line end, and on every long line.
func TestLineLimit(t *testing.T) {
	// event builds a declaration line of exactly n bytes.
	event := func(n int) string {
		const head, tail = "event a before(Object o): target(o)", ";"
		return head + strings.Repeat(" ", n-len(head)-len(tail)) + tail
	}
	prop := func(eventLine, end string) string {
		return "P(Object o) {" + end + event(len(eventLine)) + end + "pattern: a" + end + "}" + end
	}
	junk := strings.Repeat("(( ", 1<<20/3)
	for _, tc := range []struct {
		name, src string
		want      []string // "LINE:COL" of each line-too-long diagnostic; nil: loads
	}{
		{"at the limit", prop(event(maxLineBytes), "\n"), nil},
		{"at the limit, CRLF", prop(event(maxLineBytes), "\r\n"), nil},
		{"one byte over", prop(event(maxLineBytes+1), "\n"), []string{"2:1"}},
		{"one byte over, CRLF", prop(event(maxLineBytes+1), "\r\n"), []string{"2:1"}},
		{"a megabyte that would not parse", junk, []string{"1:1"}},
		{"last line without newline", "P(Object o) {\n" + junk[:maxLineBytes+1], []string{"2:1"}},
		{"several", junk[:maxLineBytes+1] + "\nok\n" + junk[:maxLineBytes+2] + "\n", []string{"1:1", "3:1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, diags := Load("l.gp", []byte(tc.src))
			if tc.want == nil {
				if diags.HasErrors() {
					t.Fatalf("errors: %v", diags)
				}
				return
			}
			var got []string
			for _, d := range diags {
				if d.Code != CodeLineTooLong {
					t.Fatalf("diagnostic %v; want only %s", d, CodeLineTooLong)
				}
				got = append(got, strings.TrimPrefix(d.Pos.String(), "l.gp:"))
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("diagnostics at %v; want %v", got, tc.want)
			}
		})
	}
}

// TestPatternEventLimit: a pattern of maxPatternEvents events loads, one
// more is one diagnostic (not one per undeclared event) and no normal form.
func TestPatternEventLimit(t *testing.T) {
	spec := func(n int, event string) string {
		return "P(Object o) {\nevent a before(Object o): target(o);\npattern:\n" +
			strings.Repeat(event+"\n", n) + "}\n"
	}
	for _, tc := range []struct {
		name, src string
		want      Code // "": loads
	}{
		{"at the limit", spec(maxPatternEvents, "a"), ""},
		{"one over", spec(maxPatternEvents+1, "a"), CodeTooManyEvents},
		{"one over, all undeclared", spec(maxPatternEvents+1, "b"), CodeTooManyEvents},
		{"one over in options", spec(maxPatternEvents+1, "a?"), CodeTooManyEvents},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, diags := Load("p.gp", []byte(tc.src))
			if tc.want == "" {
				if diags.HasErrors() || f.Properties[0].Normal == nil {
					t.Fatalf("errors: %v", diags)
				}
				return
			}
			if len(diags) != 1 || diags[0].Code != tc.want || f.Properties[0].Normal != nil {
				t.Fatalf("diagnostics %v; want one %s", diags, tc.want)
			}
		})
	}
}

// TestFileLimit: a file of maxFileBytes is parsed; one byte more is
// refused, at its start, without looking at the content.
func TestFileLimit(t *testing.T) {
	prop := "P(Object o) {\nevent a before(Object o): target(o);\npattern: a\n}\n"
	fill := func(n int) []byte {
		return []byte(prop + strings.Repeat("// comment\n", (n-len(prop))/11) + strings.Repeat(" ", (n-len(prop))%11))
	}
	at := fill(maxFileBytes)
	if len(at) != maxFileBytes {
		t.Fatalf("built %d bytes", len(at))
	}
	if _, diags := Load("f.gp", at); diags.HasErrors() {
		t.Errorf("at the limit: %v", diags)
	}
	over := append(at, '\x00') // a bad character that is never looked at
	_, diags := Load("f.gp", over)
	if len(diags) != 1 || diags[0].Code != CodeFileTooLarge || diags[0].Pos.String() != "f.gp:1:1" {
		t.Errorf("one over: %v; want one %s at f.gp:1:1", diags, CodeFileTooLarge)
	}
}
