package diag

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestError pins the one text form of every kind of error the project
// reports: each case is the shape one kind had before it moved here.
func TestError(t *testing.T) {
	cause := errors.New("step 2 (T1#1): read of x gets 1 (rule 3)")
	cases := []struct {
		name string
		e    *Error
		want string
	}{
		{"spec error", &Error{Severity: Fatal, Msg: "m", Pos: Pos{File: "a.gp", Line: 3, Col: 4, Offset: 9}}, "a.gp:3:4: error: m"},
		{"spec warning", &Error{Severity: Warning, Msg: "w", Pos: Pos{File: "a.gp", Line: 1, Col: 2, Offset: 1}}, "a.gp:1:2: warning: w"},
		{"file as a whole", &Error{Severity: Fatal, Msg: "e", Pos: Pos{File: "f.gp"}}, "f.gp: error: e"},
		{"nowhere", &Error{Severity: Fatal, Msg: "e"}, "error: e"},
		{"trace line and column", Errorf(CodeTrace, Pos{File: "t.trace", Line: 2, Col: 5}, "want %s", "a thread"), "t.trace:2:5: want a thread"},
		{"trace line", Errorf(CodeTrace, Pos{File: "t.trace", Line: 2}, "m"), "t.trace:2: m"},
		{"binary offset", Errorf(CodeTrace, Pos{File: "t.rbin", Offset: 0, Binary: true}, "bad magic"), "t.rbin:offset 0: bad magic"},
		{"rule", &Error{Code: CodeRule, Msg: "step 1 (T1#1): m (rule 1)"}, "step 1 (T1#1): m (rule 1)"},
		{"usage", Wrap(CodeUsage, errors.New("--jobs: want a number")), "--jobs: want a number"},
		{"internal with notes", &Error{Severity: Internal, Code: CodeWitness, Msg: "the witness fails validation", Err: cause,
			Notes: []Note{{Msg: "schedule: T1#1 T2#1"}, {Pos: Pos{File: "t.trace", Line: 4}, Msg: "here"}}},
			"internal error: the witness fails validation: step 2 (T1#1): read of x gets 1 (rule 3)\nschedule: T1#1 T2#1\nt.trace:4: here"},
	}
	for _, c := range cases {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestRender(t *testing.T) {
	src := []byte("line one\n\tx := aquire(t1)\nthird\n")
	at := func(line, col, off int) Pos { return Pos{File: "f.gp", Line: line, Col: col, Offset: int64(off)} }
	cases := []struct {
		name string
		e    Error
		want string
	}{
		{"tab before the range", Error{Severity: Fatal, Msg: "m", Pos: at(2, 7, 15), End: at(2, 13, 21)},
			"f.gp:2:7: error: m\n   \tx := aquire(t1)\n   \t     ^~~~~~\n"},
		{"range over several lines", Error{Severity: Warning, Msg: "w", Pos: at(1, 6, 5), End: at(3, 2, 28)},
			"f.gp:1:6: warning: w\n   line one\n        ^~~\n"},
		{"empty range", Error{Severity: Fatal, Msg: "e", Pos: at(1, 1, 0), End: at(1, 1, 0)},
			"f.gp:1:1: error: e\n   line one\n   ^\n"},
		{"no position", Error{Severity: Fatal, Msg: "e", Pos: Pos{File: "f.gp"}}, "f.gp: error: e\n"},
		{"offset past the source", Error{Severity: Fatal, Msg: "e", Pos: at(9, 1, 99)}, "f.gp:9:1: error: e\n"},
		{"notes after the caret", Error{Severity: Fatal, Msg: "e", Pos: at(3, 1, 26), End: at(3, 6, 31), Notes: []Note{{Msg: "n"}}},
			"f.gp:3:1: error: e\n   third\n   ^~~~~\nn\n"},
	}
	for _, c := range cases {
		if got := c.e.Render(src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestRenderControlAndLongLines(t *testing.T) {
	src := []byte("a\x00b\n")
	e := Error{Severity: Fatal, Msg: "m", Pos: Pos{File: "f", Line: 1, Col: 2, Offset: 1}, End: Pos{File: "f", Line: 1, Col: 3, Offset: 2}}
	if got, want := e.Render(src), "f:1:2: error: m\n   a\uFFFDb\n    ^\n"; got != want {
		t.Errorf("control character: got %q, want %q", got, want)
	}
	long := make([]byte, MaxLineBytes+1)
	for i := range long {
		long[i] = 'x'
	}
	e.Pos.Offset, e.End.Offset = 0, 1
	if got, want := e.Render(long), "f:1:2: error: m\n"; got != want {
		t.Errorf("overlong line: got %q, want %q", got, want)
	}
}

func TestList(t *testing.T) {
	l := List{
		{Severity: Warning, Msg: "w", Pos: Pos{File: "a.gp", Line: 1, Col: 2, Offset: 1}},
		{Severity: Fatal, Msg: "e", Pos: Pos{File: "a.gp", Line: 3, Col: 4, Offset: 9}},
	}
	var err error = l
	if err.Error() != "a.gp:1:2: warning: w\na.gp:3:4: error: e" {
		t.Errorf("Error() = %q", err.Error())
	}
	var got List
	if !errors.As(err, &got) || !got.HasErrors() || len(got.Errors()) != 1 {
		t.Errorf("HasErrors/Errors wrong")
	}
	if l[:1].HasErrors() {
		t.Errorf("warnings only reported as errors")
	}
}

// TestUnwrap: the cause stays reachable by errors.Is and errors.As, through
// any wrapping, and CodeOf finds the kind.
func TestUnwrap(t *testing.T) {
	inner := &Error{Code: CodeRule, Msg: "step 1: m (rule 2)"}
	e := &Error{Severity: Internal, Code: CodeWitness, Msg: "the witness fails validation", Err: inner}
	wrapped := fmt.Errorf("predict: %w", e)
	var got *Error
	if !errors.As(wrapped, &got) || got != e {
		t.Errorf("errors.As found %v, want the witness error", got)
	}
	if !errors.Is(wrapped, inner) {
		t.Errorf("errors.Is does not reach the cause")
	}
	if c := CodeOf(wrapped); c != CodeWitness {
		t.Errorf("CodeOf = %q, want %q", c, CodeWitness)
	}
	if c := CodeOf(errors.New("plain")); c != "" {
		t.Errorf("CodeOf(plain) = %q", c)
	}
	u := Wrap(CodeUsage, fs.ErrNotExist)
	if !errors.Is(u, fs.ErrNotExist) {
		t.Errorf("a usage error hides its cause")
	}
}

func TestJSON(t *testing.T) {
	d := Error{Severity: Warning, Code: "unbound-advice-parameter", Msg: "m",
		Pos: Pos{File: "f.gp", Line: 2, Col: 3, Offset: 10}, End: Pos{File: "f.gp", Line: 2, Col: 9, Offset: 16}}
	data, err := json.Marshal(&d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"severity":"warning","code":"unbound-advice-parameter","message":"m","file":"f.gp","line":2,"column":3,"offset":10,"endLine":2,"endColumn":9,"endOffset":16}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	var back Error
	if err := json.Unmarshal(data, &back); err != nil || back.Error() != d.Error() || back.Pos != d.Pos || back.End != d.End || back.Code != d.Code {
		t.Errorf("round trip: %v %+v", err, back)
	}
	// In a list (spec check --diags json), element by element.
	data, err = json.Marshal(List{d})
	if err != nil || string(data) != "["+want+"]" {
		t.Errorf("list: %s %v", data, err)
	}
	if err := json.Unmarshal([]byte(`{"severity":"fatal"}`), &back); err == nil {
		t.Errorf("unknown severity accepted")
	}
}
