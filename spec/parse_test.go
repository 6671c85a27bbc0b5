package spec

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// spans collects every span of f's AST, in a fixed order.
func spans(f *File) []Span {
	var out []Span
	add := func(s Span) { out = append(out, s) }
	for _, p := range f.Properties {
		add(p.Span)
		add(p.NameSpan)
		for _, par := range p.Params {
			add(par.Span)
		}
		for _, e := range p.Events {
			add(e.Span)
			add(e.NameSpan)
			for _, par := range e.Params {
				add(par.Span)
			}
			if e.Returning != nil {
				add(e.Returning.Span)
			}
			walkPointcut(e.Pointcut, false, func(pc Pointcut, _ bool) {
				add(pc.Span())
				switch pc := pc.(type) {
				case *PcInvocation:
					add(pc.Sig.Sp)
					for _, pp := range pc.Sig.Params {
						add(pp.Sp)
					}
				case *PcField:
					add(pc.Field.Sp)
				case *PcArgs:
					for _, a := range pc.Args {
						add(a.Sp)
					}
				case *PcIf:
					walkExpr(pc.X, func(x Expr) { add(x.Span()) })
				}
			})
		}
		walkRegex(p.Pattern, func(r Regex) { add(r.Span()) })
	}
	return out
}

// TestSpanShift re-parses every spec with lines prepended: every span must
// move down by exactly that many lines (same columns), and its offsets by
// the bytes added — positions come from the source, not from luck.
func TestSpanShift(t *testing.T) {
	paths, _ := filepath.Glob("testdata/patent/*.gp")
	ext, _ := filepath.Glob("testdata/ext/*.gp")
	for _, path := range append(paths, ext...) {
		src := readCase(t, path)
		f, diags := Parse(path, src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", path, diags)
		}
		base := spans(f)
		if len(base) < 10 {
			t.Fatalf("%s: only %d spans", path, len(base))
		}
		for _, n := range []int{1, 3, 17} {
			prefix := strings.Repeat("// é prepended line\n", n)
			g, diags := Parse(path, append([]byte(prefix), src...))
			if diags.HasErrors() {
				t.Fatalf("%s +%d: %v", path, n, diags)
			}
			shifted := spans(g)
			if len(shifted) != len(base) {
				t.Fatalf("%s +%d: %d spans, want %d", path, n, len(shifted), len(base))
			}
			for i, s := range base {
				want := s
				want.Start.Line += n
				want.End.Line += n
				want.Start.Offset += len(prefix)
				want.End.Offset += len(prefix)
				if shifted[i] != want {
					t.Errorf("%s +%d: span %d is %v, want %v", path, n, i, shifted[i], want)
				}
			}
		}
	}
}

// TestSpanText checks that spans cover exactly the text of their node,
// with columns in runes.
func TestSpanText(t *testing.T) {
	src := "P(Object o) {\n  event é before(Object o): get(* s) && target(o);\n  pattern: é(t1) || é(t2)\n}\n"
	f, diags := Parse("x.gp", []byte(src))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	e := f.Properties[0].Events[0]
	text := func(s Span) string { return src[s.Start.Offset:s.End.Offset] }
	if text(e.NameSpan) != "é" || e.NameSpan.Start.Col != 9 || e.NameSpan.End.Col != 10 {
		t.Errorf("event name span %v %q", e.NameSpan, text(e.NameSpan))
	}
	if got := text(e.Pointcut.Span()); got != "get(* s) && target(o)" {
		t.Errorf("pointcut span %q", got)
	}
	par := f.Properties[0].Pattern.(*RxPar)
	if got := text(par.Items[1].Span()); got != "é(t2)" || par.Items[1].Span().Start.Col != 21 {
		t.Errorf("pattern item span %q at %v", got, par.Items[1].Span())
	}
}

// TestParseShapes pins how the grammar reads the tricky spots of
// docs/language.md.
func TestParseShapes(t *testing.T) {
	cases := []struct{ pointcut, want string }{
		{"call(* createTable(..))", "call ret=* name=createTable params=(..)"},
		{"execution(m())", "execution name=m params=()"},
		{"call(* *.*(..))", "call ret=* decl=* name=* params=(..)"},
		{"call(java.util.List+ java.util.*.get*Id(int, String[], ..))", "call ret=java.util.List+ decl=java.util.* name=get*Id params=(int, String[], ..)"},
		{"call(*Map.put(..))", "call decl=*Map name=put params=(..)"},
		{"get(s)", "get name=s"},
		{"get(*s)", "get name=*s"},
		{"get(* s)", "get type=* name=s"},
		{"set(int Foo+.count)", "set type=int decl=Foo+ name=count"},
		{"args(*, x, ..)", "args(*, x, ..)"},
		{"lock() && args(x)", "and\n  lock\n  args(x)"},
		{"!within(a.B+) || volatile() && location(x)", "or\n  not\n    within a.B+\n  and\n    volatile\n    location x"},
		{`if(!(x == null) && x.startsWith("a\"b") || x != -1.5 || true)`,
			"if\n  ||\n    ||\n      &&\n        !\n          ==\n            name x\n            null \"null\"\n        .startsWith\n          name x\n          string \"a\\\"b\"\n      !=\n        name x\n        number \"-1.5\"\n    bool \"true\""},
		{"foo(1, (2)) && get(x)", "and\n  unknown-designator foo\n  get name=x"},
		{"call(* get(..)) && target(lock)", "and\n  call ret=* name=get params=(..)\n  target lock"},
		{"holds(x)", "holds x"},
		{"!holds(x) && target(x)", "and\n  not\n    holds x\n  target x"},
		{"holds(holds)", "holds holds"},
	}
	for _, c := range cases {
		src := fmt.Sprintf("P(Object x) {\n  event e before(Object x): %s;\n  pattern: e\n}\n", c.pointcut)
		f, diags := Parse("x.gp", []byte(src))
		if len(diags) > 0 {
			t.Errorf("%s: %v", c.pointcut, diags)
			continue
		}
		p := &printer{}
		p.pointcut(0, f.Properties[0].Events[0].Pointcut)
		if got := stripSpans(p.b.String()); got != c.want+"\n" {
			t.Errorf("%s:\n got %s\nwant %s", c.pointcut, got, c.want)
		}
	}
}

func stripSpans(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if j := strings.LastIndex(l, " @"); j >= 0 {
			lines[i] = l[:j]
		}
	}
	return strings.Join(lines, "\n")
}

// TestPatternPrecedence pins the precedence of docs/language.md: quantifiers, `||`,
// sequence, `&`, `|`; `!` takes the next atom or group.
func TestPatternPrecedence(t *testing.T) {
	cases := []struct{ pattern, want string }{
		{"a b || c d", "seq(a par(b c) d)"},
		{"a b & c | d", "or(and(seq(a b) c) d)"},
		{"!a b", "seq(not(a) b)"},
		{"!(a b) || c", "par(not(seq(a b)) c)"},
		{"a* b+ c?", "seq(*(a) +(b) ?(c))"},
		{"a (b)", "a(b)"},
		{"a ((b))", "seq(a b)"},
		{"a(t1, <r) b(>r) c(t2,>r)", "seq(a(t1, <r) b(>r) c(t2, >r))"},
		{"a** b", "seq(*(*(a)) b)"},
		{"(a | b)+ c;", "seq(+(or(a b)) c)"},
	}
	for _, c := range cases {
		src := fmt.Sprintf("P() {\n  pattern: %s\n}\n", c.pattern)
		f, diags := Parse("x.gp", []byte(src))
		if len(diags) > 0 {
			t.Errorf("%s: %v", c.pattern, diags)
			continue
		}
		if got := rxString(f.Properties[0].Pattern); got != c.want {
			t.Errorf("%s: got %s, want %s", c.pattern, got, c.want)
		}
	}
}

func rxString(r Regex) string {
	list := func(kind string, items []Regex) string {
		var parts []string
		for _, it := range items {
			parts = append(parts, rxString(it))
		}
		return kind + "(" + strings.Join(parts, " ") + ")"
	}
	switch r := r.(type) {
	case *RxEvent:
		return r.Event + attrString(r.Thread, r.Region, r.RegionEnd)
	case *RxSeq:
		return list("seq", r.Items)
	case *RxPar:
		return list("par", r.Items)
	case *RxAnd:
		return list("and", r.Items)
	case *RxOr:
		return list("or", r.Items)
	case *RxNot:
		return "not(" + rxString(r.X) + ")"
	case *RxQuant:
		return string(r.Op) + "(" + rxString(r.X) + ")"
	}
	return fmt.Sprintf("%T", r)
}

// TestSyntaxErrorCap: a file full of errors reports at most
// maxSyntaxErrors of them and says how many more there were.
func TestSyntaxErrorCap(t *testing.T) {
	src := strings.Repeat("# ", 100)
	_, diags := Parse("x.gp", []byte(src))
	if len(diags) != maxSyntaxErrors+1 {
		t.Fatalf("%d diagnostics, want %d", len(diags), maxSyntaxErrors+1)
	}
	if last := diags[len(diags)-1].Msg; last != "80 more syntax errors not shown" {
		t.Errorf("last message %q", last)
	}
	if !reflect.DeepEqual(diags[1].Pos, Pos{Line: 1, Col: 3, Offset: 2}.in("x.gp")) {
		t.Errorf("second error at %v", diags[1].Pos)
	}
}
