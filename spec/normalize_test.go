package spec

import (
	"fmt"
	"strings"
	"testing"
)

// normString renders a normal form compactly: alternatives separated by
// " | ", occurrences as name#index.
func normString(np *NormalPattern) string {
	var alts []string
	for _, a := range np.Alts {
		var node func(*PatNode) string
		node = func(n *PatNode) string {
			if n.Kind == PatEvent {
				o := a.Occs[n.Occ]
				return fmt.Sprintf("%s%s#%d", o.Event, attrString(o.Thread, o.Region, o.RegionEnd), n.Occ)
			}
			kinds := [...]string{PatSeq: "seq", PatPar: "par", PatAnd: "and", PatOr: "or", PatNot: "not"}
			var parts []string
			for _, k := range n.Kids {
				parts = append(parts, node(k))
			}
			return kinds[n.Kind] + "(" + strings.Join(parts, " ") + ")"
		}
		alts = append(alts, node(a.Root))
	}
	return strings.Join(alts, " | ")
}

const normProps = `P(Object o) {
  event a before(Object o): get(* s) && target(o);
  event b before(Object o): set(* s) && target(o);
  event c after(Object o): execution(m()) && target(o);
  pattern: %s
}
`

func TestNormalize(t *testing.T) {
	cases := []struct{ pattern, want string }{
		{"a b* c+ a", "seq(a#0 c#1 a#2)"},
		{"a (b c)* a", "seq(a#0 a#1)"},
		{"a b? c", "seq(a#0 b#1 c#2) | seq(a#0 c#1)"},
		{"(a | b) c", "seq(a#0 c#1) | seq(b#0 c#1)"},
		{"(a | b) (a | c)", "seq(a#0 a#1) | seq(a#0 c#1) | seq(b#0 a#1) | seq(b#0 c#1)"},
		{"a || b || (c || a)", "par(a#0 b#1 c#2 a#3)"},
		{"a (b (c a))", "seq(a#0 b#1 c#2 a#3)"},
		{"a & a b", "and(a#0 seq(a#1 b#2))"},
		{"a(t1) || b(t2)?", "par(a(t1)#0 b(t2)#1) | a(t1)#0"},
		{"!(a (b | c)) a", "seq(not(seq(a#0 or(b#1 c#2))) a#3)"},
		{"!(a b?) c", "seq(not(or(seq(a#0 b#1) a#2)) c#3)"},
		{"!(a | b | c)", "not(or(a#0 b#1 c#2))"},
		{"c(t1, <r) a(t1) b(t2) c(t1, >r)", "seq(c(t1, <r)#0 a(t1)#1 b(t2)#2 c(t1, >r)#3)"},
		{"(a | b)* c", "c#0"},
	}
	for _, c := range cases {
		f, diags := Load("x.gp", fmt.Appendf(nil, normProps, c.pattern))
		if diags.HasErrors() {
			t.Errorf("%s: %v", c.pattern, diags)
			continue
		}
		np := f.Properties[0].Normal
		if got := normString(np); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.pattern, got, c.want)
		}
		for _, alt := range np.Alts {
			for _, o := range alt.Occs {
				if want := map[string]int{"a": 0, "b": 1, "c": 2}[o.Event]; o.Decl != want {
					t.Errorf("%s: occurrence %s has Decl %d", c.pattern, o.Event, o.Decl)
				}
			}
		}
	}
}

func TestNormalizeErrors(t *testing.T) {
	cases := []struct {
		pattern string
		code    Code
	}{
		{"a*", CodeEmptyPattern},
		{"a? b?", CodeEmptyPattern},
		{"a | b*", CodeEmptyPattern},
		{"a & (b c)*", CodeEmptyPattern},
		{"a !(b?)", CodeEmptyPattern},
		{"!a*", CodeNegatedQuantifier},
		{"!(a (b c+))", CodeNegatedQuantifier},
		{"a(<r) b(<r) c(>r)", CodeUnmatchedRegion},
		{"(a(t1, <r) | b) c(t1, >r)", CodeUnmatchedRegion},
	}
	for _, c := range cases {
		f, diags := Load("x.gp", fmt.Appendf(nil, normProps, c.pattern))
		if len(diags) == 0 || diags[0].Code != c.code {
			t.Errorf("%s: got %v, want %s", c.pattern, diags, c.code)
		}
		if f.Properties[0].Normal != nil {
			t.Errorf("%s: a property with errors got a normal form", c.pattern)
		}
	}
}
