package encode

import (
	"fmt"
	"io"
	"strings"
)

// WriteSMTLIB writes the problem's causal constraints followed by the
// encoding's own as an SMT-LIB2 script: one declaration per variable, one
// assert per constraint preceded by a comment naming its origin, then
// (check-sat) and (get-model).
func (e *Encoding) WriteSMTLIB(w io.Writer, title string) error {
	p := e.Problem
	var b strings.Builder
	fmt.Fprintf(&b, "; %s\n", title)
	fmt.Fprintf(&b, "; branch model: %s; slice: %d events (prefix lengths %s)\n", p.Model, p.Slice.Size(), p.Slice.Key())
	b.WriteString("; a step is in the schedule iff its order variable is below cut\n")
	b.WriteString("(set-logic QF_IDL)\n")
	for v := Var(0); int(v) < e.NumVars(); v++ {
		fmt.Fprintf(&b, "(declare-fun %s () Int)\n", p.smtVar(v))
	}
	for _, n := range p.BoolNames {
		fmt.Fprintf(&b, "(declare-fun %s () Bool)\n", smtQuote(n))
	}
	for _, cs := range [][]Constraint{p.Causal, e.Constraints} {
		for _, c := range cs {
			fmt.Fprintf(&b, "; %s\n", c.Origin.Describe())
			fmt.Fprintf(&b, "(assert %s)\n", p.smtFormula(c.F))
		}
	}
	b.WriteString("(check-sat)\n(get-model)\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// Describe renders an origin as one line: family, sentence, spec span.
func (o Origin) Describe() string {
	s := fmt.Sprintf("[%s] %s", o.Family, o.Why)
	if o.Span.File != "" || o.Span.Start.Line > 0 {
		s += " (" + o.Span.String() + ")"
	}
	return s
}

func (p *Problem) smtVar(v Var) string { return smtQuote(p.VarName(v)) }

func smtQuote(s string) string { return "|" + strings.ReplaceAll(s, "|", "_") + "|" }

func (p *Problem) smtFormula(f *F) string {
	switch f.Kind {
	case KTrue:
		return "true"
	case KFalse:
		return "false"
	case KLt:
		return fmt.Sprintf("(< %s %s)", p.smtVar(f.A), p.smtVar(f.B))
	case KLtConst:
		return fmt.Sprintf("(< %s %d)", p.smtVar(f.A), f.K)
	case KConstLt:
		return fmt.Sprintf("(< %d %s)", f.K, p.smtVar(f.B))
	case KLtPlus:
		return fmt.Sprintf("(< %s (+ %s %d))", p.smtVar(f.A), p.smtVar(f.B), f.K)
	case KLit:
		if f.Neg {
			return "(not " + smtQuote(p.BoolNames[f.Bool]) + ")"
		}
		return smtQuote(p.BoolNames[f.Bool])
	case KAnd, KOr:
		op := "and"
		if f.Kind == KOr {
			op = "or"
		}
		parts := make([]string, len(f.Kids))
		for i, k := range f.Kids {
			parts[i] = p.smtFormula(k)
		}
		return "(" + op + " " + strings.Join(parts, " ") + ")"
	}
	panic("encode: bad formula kind")
}
