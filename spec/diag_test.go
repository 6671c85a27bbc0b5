package spec

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestRender(t *testing.T) {
	src := []byte("line one\n\tx := aquire(t1)\nthird\n")
	cases := []struct {
		name string
		d    Diagnostic
		want string
	}{
		{"tab before the span", Diagnostic{Severity: Error, Code: CodeUndeclaredEvent, Message: "m",
			Span: Span{File: "f.gp", Start: Pos{2, 7, 15}, End: Pos{2, 13, 21}}},
			"f.gp:2:7: error: m\n   \tx := aquire(t1)\n   \t     ^~~~~~\n"},
		{"span over several lines", Diagnostic{Severity: Warning, Code: CodeSyntax, Message: "w",
			Span: Span{File: "f.gp", Start: Pos{1, 6, 5}, End: Pos{3, 2, 28}}},
			"f.gp:1:6: warning: w\n   line one\n        ^~~\n"},
		{"empty span", Diagnostic{Severity: Error, Code: CodeSyntax, Message: "e",
			Span: Span{File: "f.gp", Start: Pos{1, 1, 0}, End: Pos{1, 1, 0}}},
			"f.gp:1:1: error: e\n   line one\n   ^\n"},
		{"no position", Diagnostic{Severity: Error, Code: CodeSyntax, Message: "e", Span: Span{File: "f.gp"}},
			"f.gp: error: e\n"},
	}
	for _, c := range cases {
		if got := c.d.Render(src); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestDiagnosticsError(t *testing.T) {
	ds := Diagnostics{
		{Severity: Warning, Message: "w", Span: Span{File: "a.gp", Start: Pos{1, 2, 1}}},
		{Severity: Error, Message: "e", Span: Span{File: "a.gp", Start: Pos{3, 4, 9}}},
	}
	var err error = ds
	if err.Error() != "a.gp:1:2: warning: w\na.gp:3:4: error: e" {
		t.Errorf("Error() = %q", err.Error())
	}
	var got Diagnostics
	if !errors.As(err, &got) || !got.HasErrors() || len(got.Errors()) != 1 {
		t.Errorf("HasErrors/Errors wrong")
	}
	if ds[:1].HasErrors() {
		t.Errorf("warnings only reported as errors")
	}
}

func TestDiagnosticJSON(t *testing.T) {
	d := Diagnostic{Severity: Warning, Code: CodeUnboundAdviceParam, Message: "m",
		Span: Span{File: "f.gp", Start: Pos{2, 3, 10}, End: Pos{2, 9, 16}}}
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"severity":"warning","code":"unbound-advice-parameter","message":"m","file":"f.gp","line":2,"column":3,"offset":10,"endLine":2,"endColumn":9,"endOffset":16}`
	if string(data) != want {
		t.Errorf("got  %s\nwant %s", data, want)
	}
	var back Diagnostic
	if err := json.Unmarshal(data, &back); err != nil || back != d {
		t.Errorf("round trip: %v %+v", err, back)
	}
}

func TestSuggest(t *testing.T) {
	cands := []string{"acquire", "release", "read", "write"}
	cases := map[string]string{"aquire": "acquire", "relase": "release", "red": "read", "xyz": "", "wrte": "write", "": ""}
	for in, want := range cases {
		if got := Suggest(in, cands); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
