package trace

import (
	"errors"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unsafe"
)

// TestReadTextOperands checks what the text reader makes of each form of
// docs/trace-format.md (testdata/valid/all_ops.trace).
func TestReadTextOperands(t *testing.T) {
	tr, err := Read([]string{filepath.Join("testdata", "valid", "all_ops.trace")}, "")
	if err != nil {
		t.Fatal(err)
	}
	ev := func(id string) *Event {
		r, ok := tr.Ref(id)
		if !ok {
			t.Fatalf("no event %s", id)
		}
		return tr.Event(r)
	}
	args := func(e *Event) []string {
		var out []string
		for _, a := range tr.Args(e.Args) {
			out = append(out, tr.Str(a))
		}
		return out
	}
	tests := []struct {
		id, op, obj, val, target, result, args, loc string
		hasArgs                                     bool
	}{
		{id: "T1#1", op: "begin", loc: "Main.java:1"},
		{id: "T1#2", op: "write", obj: "x", val: "1", loc: "Main.java:2"},
		{id: "T1#4", op: "acquire", obj: "m"},                            // lock alias
		{id: "T1#5", op: "acquire", obj: "m"},                            // acq alias
		{id: "T1#6", op: "release", obj: "m"},                            // rel alias
		{id: "T1#7", op: "wait", obj: "m", val: "m", loc: "Main.java:5"}, // SIGNAL defaults to LOCK
		{id: "T1#8", op: "wait", obj: "m", val: "cond"},
		{id: "T1#10", op: "call", obj: "boolean MyList.add(Object)", target: "c", result: "true", args: "A B", hasArgs: true, loc: "Main.java:7"},
		{id: "T1#12", op: "enter", obj: "void Logger.log(String,int)", hasArgs: true}, // args= is the empty list
		{id: "T1#13", op: "enter", obj: "atomic()"},
		{id: "T1#15", op: "exit", obj: "void Logger.log(String,int)", result: "done"},
		{id: "T2#1", op: "read", obj: "x", val: "1", loc: "Main.java:20"},
	}
	for _, tc := range tests {
		e := ev(tc.id)
		got := []string{e.Op.String(), tr.Str(e.Obj), tr.Str(e.Val), tr.Str(e.Target), tr.Str(e.Result), strings.Join(args(e), " "), tr.Str(e.Loc)}
		want := []string{tc.op, tc.obj, tc.val, tc.target, tc.result, tc.args, tc.loc}
		if strings.Join(got, "|") != strings.Join(want, "|") || (e.Args != NoArgs) != tc.hasArgs {
			t.Errorf("%s = %q (args key %v); want %q (args key %v)", tc.id, got, e.Args != NoArgs, want, tc.hasArgs)
		}
	}
	x, _ := tr.Syms.Lookup("x")
	flag, _ := tr.Syms.Lookup("flag")
	if tr.Str(tr.InitValue(x)) != "5" || !tr.Volatile[flag] {
		t.Errorf("directives: init x = %s, volatile flag = %v; want 5, true", tr.Str(tr.InitValue(x)), tr.Volatile[flag])
	}
	if !tr.Types.IsSubtype("MyList", "java.util.Collection") || tr.ObjectType(mustSym(t, tr, "c")) != "MyList" {
		t.Errorf("type/object directives not applied")
	}
	if n := tr.Stats().Events; n != 25 {
		t.Errorf("%d events; want 25", n)
	}
}

func mustSym(t *testing.T, tr *Trace, s string) Sym {
	t.Helper()
	sym, ok := tr.Syms.Lookup(s)
	if !ok {
		t.Fatalf("%q not interned", s)
	}
	return sym
}

// TestWarnings checks the conditions that are warnings, not errors, each
// counted once per kind with its first example.
func TestWarnings(t *testing.T) {
	tests := []struct {
		file  string
		want  []string
		count int
	}{
		{"warnings.trace", []string{
			"lock held at end of trace: 3 times, first: thread main holds a",
			"thread never forked (may start at any time): 2 times, first: thread w1",
			"join of a thread with no events (constrains nothing): thread ghost",
		}, 6},
		{"unproduced.trace", []string{
			"read of a value that no write and no init produces (no schedule reaches past it; add `init VAR VALUE` if it is the initial value): 3 times, first: testdata/valid/unproduced.trace:4:4: T1#2 reads 100 from acct.balance",
		}, 3},
		{"empty.trace", []string{
			"trace has no events (empty, or only blank lines, comments and directives): testdata/valid/empty.trace",
		}, 1},
	}
	for _, tc := range tests {
		tr, err := Read([]string{filepath.Join("testdata", "valid", tc.file)}, "")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range tr.Warnings {
			got = append(got, w.String())
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: warnings:\n%s\nwant:\n%s", tc.file, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		if st := tr.Stats(); st.Warnings != tc.count {
			t.Errorf("%s: stats count %d warnings; want %d", tc.file, st.Warnings, tc.count)
		}
	}
}

// TestLineEnds: "\r\n" and a lone "\r" end lines as "\n" does, in every
// line-based reader, and errors count lines the same way.
func TestLineEnds(t *testing.T) {
	tests := []struct {
		name, src, bad string // bad: the same with an error on line 3
		read           func(*Builder, string, io.Reader) error
	}{
		{"text", "# two racy writes\nT1 write x 1\nT2 write x 2\n", "# c\nT1 write x 1\nT2 wrote x 2\n", ReadText},
		{"std", "T1|w(V1)|1\nT2|w(V1)|2\n", "T1|w(V1)|1\nT2|w(V1)|2\nT2|x(V1)|3\n", ReadSTD},
		{"jsonl", `{"thread":"T1","op":"write","var":"x","value":"1"}` + "\n", `{"thread":"T1","op":"write","var":"x","value":"1"}` + "\n\n{}\n", ReadJSONL},
	}
	for _, tc := range tests {
		want := ""
		for _, end := range []string{"\n", "\r\n", "\r"} {
			b := NewBuilder()
			if err := tc.read(b, "t", strings.NewReader(strings.ReplaceAll(tc.src, "\n", end))); err != nil {
				t.Fatalf("%s with %q line ends: %v", tc.name, end, err)
			}
			got := dump(b.Finish())
			if want == "" {
				want = got
			} else if got != want {
				t.Errorf("%s with %q line ends reads differently:\n%s", tc.name, end, lineDiff(want, got))
			}
			err := tc.read(NewBuilder(), "t", strings.NewReader(strings.ReplaceAll(tc.bad, "\n", end)))
			var terr *Error
			if !errors.As(err, &terr) || terr.Pos.Line != 3 {
				t.Errorf("%s with %q line ends: error %v; want one on line 3", tc.name, end, err)
			}
		}
		if strings.Count(want, "\n") < 1 {
			t.Errorf("%s: read no events", tc.name)
		}
	}
}

// TestSTDValueInference checks docs/trace-format.md: each write a value of
// its own, a read the value of the last earlier write in the file, else the
// initial value; begin/end become enter/exit atomic().
func TestSTDValueInference(t *testing.T) {
	src := "T0|r(V0)|1\nT0|w(V0)|2\nT1|begin|3\nT1|r(V0)|4\nT1|w(V0)|5\nT0|r(V0)|6\nT1|end()|7\nT1|branch|8\n"
	b := NewBuilder()
	if err := ReadSTD(b, "x.std", strings.NewReader(src)); err != nil {
		t.Fatal(err)
	}
	tr := b.Finish()
	var got []string
	for _, th := range tr.Threads {
		for i, e := range th.Events {
			got = append(got, FormatID(tr.Str(th.Name), uint32(i))+" "+e.Op.String()+" "+tr.Str(e.Obj)+" "+tr.Str(e.Val))
		}
	}
	want := []string{
		"T0#1 read V0 0", "T0#2 write V0 T0:2", "T0#3 read V0 T1:3",
		"T1#1 enter atomic() ", "T1#2 read V0 T0:2", "T1#3 write V0 T1:3", "T1#4 exit atomic() ", "T1#5 branch  ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]Format{"a.trace": FormatText, "b.JSONL": FormatJSONL, "c.std": FormatSTD, "d.data": FormatRapidBin, "e.rapidbin": FormatRapidBin} {
		if got, err := FormatOf(path); err != nil || got != want {
			t.Errorf("FormatOf(%s) = %q, %v; want %q", path, got, err, want)
		}
	}
	if _, err := FormatOf("f.txt"); err == nil || !strings.Contains(err.Error(), "--input-format") {
		t.Errorf("FormatOf(f.txt) = %v; want an error suggesting --input-format", err)
	}
	if _, err := Read([]string{filepath.Join("testdata", "valid", "all_ops.trace")}, "xml"); err == nil {
		t.Error("Read with format xml succeeded")
	}
}

// TestInputFormatOverride reads a text trace through a name without the
// right extension.
func TestInputFormatOverride(t *testing.T) {
	tr, err := Read([]string{filepath.Join("testdata", "valid", "iterator.trace")}, "text")
	if err != nil || tr.NumEvents() != 7 {
		t.Fatalf("Read(text) = %v", err)
	}
	if _, err := Read([]string{filepath.Join("testdata", "valid", "iterator.trace")}, "std"); err == nil {
		t.Error("reading a text trace as STD succeeded")
	}
}

// TestEventSize guards the memory budget of issue 2: ten million events
// must fit in a few GiB.
func TestEventSize(t *testing.T) {
	if n := unsafe.Sizeof(Event{}); n != 28 {
		t.Errorf("Event is %d bytes; want 28", n)
	}
}

// TestSelects reads testdata/valid/selects.trace: the directives, which
// case each select event took, and the other cases a schedule may take
// instead (send cases never; the recorded case's channel not again).
func TestSelects(t *testing.T) {
	tr, err := Read([]string{filepath.Join("testdata", "valid", "selects.trace")}, "")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		id, sel, text string
		others        []Part
	}{
		{"main#3", "s2", "default s2", nil},
		{"w#1", "s1", "recv jobs 1 select=s1", []Part{CasePart(1), Default}},
		{"w#2", "s1", "recvclosed jobs select=s1", []Part{CasePart(1), Default}},
		{"q#1", "s3", "send out 7 select=s3", []Part{CasePart(0)}},
		{"main#2", "", "send jobs 1", nil},
	}
	for _, c := range cases {
		r, ok := tr.Ref(c.id)
		if !ok {
			t.Fatalf("no event %s", c.id)
		}
		if got := tr.Str(tr.Event(r).SelectOf()); got != c.sel {
			t.Errorf("%s: select %q, want %q", c.id, got, c.sel)
		}
		if got := tr.EventText(r); got != c.text {
			t.Errorf("%s: %q, want %q", c.id, got, c.text)
		}
		if got := tr.OtherCases(r); !slices.Equal(got, c.others) {
			t.Errorf("%s: other cases %v, want %v", c.id, got, c.others)
		}
	}
	s1 := tr.Selects[tr.Syms.Intern("s1")]
	if s1 == nil || len(s1.Cases) != 2 || !s1.Default || s1.format(tr) != "recv:jobs recv:stop default" {
		t.Errorf("select s1 = %+v", s1)
	}
	if !tr.HasChannels() {
		t.Error("a trace with selects has channels")
	}
}
