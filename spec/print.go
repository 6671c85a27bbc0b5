package spec

import (
	"fmt"
	"strings"
)

// Debug printers for the AST and the normal form. Golden tests compare
// their output exactly, so the format is stable: one node per line,
// indented two spaces per level, each with its span as @line:col-line:col.

// DumpAST renders f's AST.
func DumpAST(f *File) string {
	p := &printer{}
	p.line(0, "file %q", f.Name)
	for _, prop := range f.Properties {
		p.property(prop)
	}
	return p.b.String()
}

// DumpNormal renders the normal form of every property of f that has one.
func DumpNormal(f *File) string {
	p := &printer{}
	for _, prop := range f.Properties {
		if prop.Normal == nil {
			p.line(0, "property %s: no normal form", prop.Name)
			continue
		}
		p.normal(prop)
	}
	return p.b.String()
}

type printer struct{ b strings.Builder }

func (p *printer) line(depth int, format string, args ...any) {
	p.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&p.b, format, args...)
	p.b.WriteByte('\n')
}

func at(s Span) string {
	return fmt.Sprintf("@%d:%d-%d:%d", s.Start.Line, s.Start.Col, s.End.Line, s.End.Col)
}

func (p *printer) property(prop *Property) {
	p.line(0, "property %s %s name%s", prop.Name, at(prop.Span), at(prop.NameSpan))
	for _, par := range prop.Params {
		p.line(1, "param %s %s %s", par.Type, par.Name, at(par.Span))
	}
	for _, e := range prop.Events {
		p.line(1, "event %s %s %s name%s", e.Name, e.Advice, at(e.Span), at(e.NameSpan))
		for _, par := range e.Params {
			p.line(2, "param %s %s %s", par.Type, par.Name, at(par.Span))
		}
		if r := e.Returning; r != nil {
			p.line(2, "returning %s %s %s", r.Type, r.Name, at(r.Span))
		}
		p.pointcut(2, e.Pointcut)
	}
	p.line(1, "pattern")
	p.regex(2, prop.Pattern)
}

func (p *printer) pointcut(d int, pc Pointcut) {
	switch pc := pc.(type) {
	case *PcAnd:
		p.line(d, "and %s", at(pc.Sp))
		p.pointcut(d+1, pc.L)
		p.pointcut(d+1, pc.R)
	case *PcOr:
		p.line(d, "or %s", at(pc.Sp))
		p.pointcut(d+1, pc.L)
		p.pointcut(d+1, pc.R)
	case *PcNot:
		p.line(d, "not %s", at(pc.Sp))
		p.pointcut(d+1, pc.X)
	case *PcInvocation:
		kind := "call"
		if pc.Execution {
			kind = "execution"
		}
		p.line(d, "%s %s %s", kind, sigString(pc.Sig), at(pc.Sp))
	case *PcField:
		kind := "get"
		if pc.Set {
			kind = "set"
		}
		f := pc.Field
		p.line(d, "%s%s%s name=%s %s", kind, optType(" type=", f.Type), optType(" decl=", f.Decl), f.Name, at(pc.Sp))
	case *PcTarget:
		p.line(d, "target %s %s", pc.Name, at(pc.Sp))
	case *PcArgs:
		var parts []string
		for _, a := range pc.Args {
			parts = append(parts, argString(a))
		}
		p.line(d, "args(%s) %s", strings.Join(parts, ", "), at(pc.Sp))
	case *PcLocation:
		p.line(d, "location %s %s", pc.Name, at(pc.Sp))
	case *PcLock:
		kind := "lock"
		if pc.Unlock {
			kind = "unlock"
		}
		p.line(d, "%s %s", kind, at(pc.Sp))
	case *PcVolatile:
		p.line(d, "volatile %s", at(pc.Sp))
	case *PcWithin:
		p.line(d, "within %s %s", typeString(pc.Type), at(pc.Sp))
	case *PcHolds:
		p.line(d, "holds %s %s", pc.Name, at(pc.Sp))
	case *PcIf:
		p.line(d, "if %s", at(pc.Sp))
		p.expr(d+1, pc.X)
	case *PcUnknown:
		p.line(d, "unknown-designator %s %s", pc.Name, at(pc.Sp))
	default:
		p.line(d, "<nil pointcut>")
	}
}

func sigString(s *SigPattern) string {
	var params []string
	for _, pp := range s.Params {
		switch {
		case pp.Ellipsis:
			params = append(params, "..")
		case pp.Name != "":
			params = append(params, typeString(pp.Type)+" "+pp.Name)
		default:
			params = append(params, typeString(pp.Type))
		}
	}
	return strings.TrimSpace(fmt.Sprintf("%s%s name=%s params=(%s)", optType("ret=", s.Ret), optType(" decl=", s.Decl), s.Name, strings.Join(params, ", ")))
}

func optType(label string, t *TypePattern) string {
	if t == nil {
		return ""
	}
	return label + typeString(t)
}

func typeString(t *TypePattern) string {
	if t.Subtypes {
		return t.Name + "+"
	}
	return t.Name
}

func argString(a ArgPattern) string {
	switch {
	case a.Ellipsis:
		return ".."
	case a.Any:
		return "*"
	}
	return a.Name
}

func (p *printer) expr(d int, e Expr) {
	switch e := e.(type) {
	case *ExprLit:
		kinds := [...]string{LitNull: "null", LitNumber: "number", LitString: "string", LitBool: "bool"}
		p.line(d, "%s %q %s", kinds[e.Kind], e.Value, at(e.Sp))
	case *ExprName:
		p.line(d, "name %s %s", e.Name, at(e.Sp))
	case *ExprBinary:
		p.line(d, "%s %s", e.Op, at(e.Sp))
		p.expr(d+1, e.L)
		p.expr(d+1, e.R)
	case *ExprNot:
		p.line(d, "! %s", at(e.Sp))
		p.expr(d+1, e.X)
	case *ExprMethod:
		p.line(d, ".%s %s", e.Method, at(e.Sp))
		p.expr(d+1, e.Recv)
		p.expr(d+1, e.Arg)
	default:
		p.line(d, "<nil expr>")
	}
}

func (p *printer) regex(d int, r Regex) {
	list := func(kind string, items []Regex, sp Span) {
		p.line(d, "%s %s", kind, at(sp))
		for _, it := range items {
			p.regex(d+1, it)
		}
	}
	switch r := r.(type) {
	case *RxEvent:
		p.line(d, "%s%s %s", r.Event, attrString(r.Thread, r.Region, r.RegionEnd), at(r.Sp))
	case *RxSeq:
		list("seq", r.Items, r.Sp)
	case *RxPar:
		list("par", r.Items, r.Sp)
	case *RxAnd:
		list("and", r.Items, r.Sp)
	case *RxOr:
		list("or", r.Items, r.Sp)
	case *RxNot:
		p.line(d, "not %s", at(r.Sp))
		p.regex(d+1, r.X)
	case *RxQuant:
		p.line(d, "quant %c %s", r.Op, at(r.Sp))
		p.regex(d+1, r.X)
	default:
		p.line(d, "<nil regex>")
	}
}

// attrString renders an event's meta-thread and region mark as written:
// (t1, <r).
func attrString(thread, region string, end bool) string {
	var parts []string
	if thread != "" {
		parts = append(parts, thread)
	}
	if region != "" {
		mark := "<"
		if end {
			mark = ">"
		}
		parts = append(parts, mark+region)
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (p *printer) normal(prop *Property) {
	alts := prop.Normal.Alts
	p.line(0, "property %s: %d alternative(s)", prop.Name, len(alts))
	for i, alt := range alts {
		p.line(1, "alt %d", i+1)
		p.patNode(2, alt.Root)
		for j, o := range alt.Occs {
			p.line(2, "#%d = %s%s decl=%d %s", j, o.Event, attrString(o.Thread, o.Region, o.RegionEnd), o.Decl, at(o.Span))
		}
	}
}

func (p *printer) patNode(d int, n *PatNode) {
	if n.Kind == PatEvent {
		p.line(d, "#%d", n.Occ)
		return
	}
	kinds := [...]string{PatSeq: "seq", PatPar: "par", PatAnd: "and", PatOr: "or", PatNot: "not"}
	p.line(d, "%s %s", kinds[n.Kind], at(n.Span))
	for _, k := range n.Kids {
		p.patNode(d+1, k)
	}
}
