package spec

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"

	"gpredict/grammar/gen"
)

// builder turns ANTLR's parse tree into the AST. It is the only code that
// sees generated types. The Go runtime's VisitChildren does not call the
// overriding methods of an embedding struct, so Visit dispatches with an
// explicit type switch and each case builds its node directly.
type builder struct {
	*gen.BaseSpecVisitor
	idx   *srcIndex
	diags Diagnostics
}

var _ gen.SpecVisitor = (*builder)(nil)

// Visit builds the AST node of one parse-tree node: a Pointcut, Expr or
// Regex for the polymorphic rules, nil for anything else.
func (b *builder) Visit(tree antlr.ParseTree) any {
	switch c := tree.(type) {
	// pointcuts
	case *gen.PcNotContext:
		return &PcNot{X: b.pointcut(c.Pointcut()), Sp: b.span(c)}
	case *gen.PcAndContext:
		return &PcAnd{L: b.pointcut(c.Pointcut(0)), R: b.pointcut(c.Pointcut(1)), Sp: b.span(c)}
	case *gen.PcOrContext:
		return &PcOr{L: b.pointcut(c.Pointcut(0)), R: b.pointcut(c.Pointcut(1)), Sp: b.span(c)}
	case *gen.PcParenContext:
		return b.pointcut(c.Pointcut())
	case *gen.PcDesignatorContext:
		return b.Visit(c.Designator())
	case *gen.DCallContext:
		return &PcInvocation{Sig: b.sigPattern(c.SigPattern()), Sp: b.span(c)}
	case *gen.DExecutionContext:
		return &PcInvocation{Execution: true, Sig: b.sigPattern(c.SigPattern()), Sp: b.span(c)}
	case *gen.DGetContext:
		return &PcField{Field: b.fieldPattern(c.FieldPattern()), Sp: b.span(c)}
	case *gen.DSetContext:
		return &PcField{Set: true, Field: b.fieldPattern(c.FieldPattern()), Sp: b.span(c)}
	case *gen.DTargetContext:
		return &PcTarget{Name: identText(c.Ident()), Sp: b.span(c)}
	case *gen.DArgsContext:
		return b.args(c)
	case *gen.DLocationContext:
		return &PcLocation{Name: identText(c.Ident()), Sp: b.span(c)}
	case *gen.DLockContext:
		return &PcLock{Sp: b.span(c)}
	case *gen.DUnlockContext:
		return &PcLock{Unlock: true, Sp: b.span(c)}
	case *gen.DVolatileContext:
		return &PcVolatile{Sp: b.span(c)}
	case *gen.DWithinContext:
		return &PcWithin{Type: b.typePattern(c.TypePattern()), Sp: b.span(c)}
	case *gen.DHoldsContext:
		h := &PcHolds{Sp: b.span(c)}
		if args := c.AllArgPattern(); len(args) == 1 {
			if n, ok := args[0].(*gen.ArgNameContext); ok {
				h.Name = identText(n.Ident())
			}
		}
		return h
	case *gen.DIfContext:
		return &PcIf{X: b.expr(c.Expr()), Sp: b.span(c)}
	case *gen.DUnknownContext:
		return &PcUnknown{Name: c.UnknownName().GetText(), NameSp: b.span(c.UnknownName()), Sp: b.span(c)}

	// if-expressions
	case *gen.ExMethodContext:
		return &ExprMethod{Recv: b.expr(c.Expr(0)), Method: identText(c.Ident()), Arg: b.expr(c.Expr(1)), Sp: b.span(c)}
	case *gen.ExNotContext:
		return &ExprNot{X: b.expr(c.Expr()), Sp: b.span(c)}
	case *gen.ExCompareContext:
		return &ExprBinary{Op: c.GetOp().GetText(), L: b.expr(c.Expr(0)), R: b.expr(c.Expr(1)), Sp: b.span(c)}
	case *gen.ExAndContext:
		return &ExprBinary{Op: "&&", L: b.expr(c.Expr(0)), R: b.expr(c.Expr(1)), Sp: b.span(c)}
	case *gen.ExOrContext:
		return &ExprBinary{Op: "||", L: b.expr(c.Expr(0)), R: b.expr(c.Expr(1)), Sp: b.span(c)}
	case *gen.ExParenContext:
		return b.expr(c.Expr())
	case *gen.ExLiteralContext:
		return b.literal(c.Literal())
	case *gen.ExNameContext:
		return &ExprName{Name: identText(c.Ident()), Sp: b.span(c)}

	// patterns
	case *gen.RegexContext:
		return regexList(b, c.AllRxAnd(), c, func(items []Regex, sp Span) Regex { return &RxOr{Items: items, Sp: sp} })
	case *gen.RxAndContext:
		return regexList(b, c.AllRxSeq(), c, func(items []Regex, sp Span) Regex { return &RxAnd{Items: items, Sp: sp} })
	case *gen.RxSeqContext:
		return regexList(b, c.AllRxPar(), c, func(items []Regex, sp Span) Regex { return &RxSeq{Items: items, Sp: sp} })
	case *gen.RxParContext:
		return regexList(b, c.AllRxUnary(), c, func(items []Regex, sp Span) Regex { return &RxPar{Items: items, Sp: sp} })
	case *gen.RxNotContext:
		return &RxNot{X: b.regex(c.RxUnary()), Sp: b.span(c)}
	case *gen.RxQuantifiedContext:
		x := b.regex(c.RxAtom())
		for _, q := range c.AllQuantifier() {
			x = &RxQuant{X: x, Op: q.GetText()[0], Sp: b.spanFrom(c, q)}
		}
		return x
	case *gen.RxEventContext:
		return b.rxEvent(c)
	case *gen.RxStarredContext:
		return b.rxStarred(c)
	case *gen.RxGroupContext:
		return b.regex(c.Regex())
	}
	return nil
}

// Typed views of Visit. A nil node can only come from a tree with syntax
// errors, which Parse never builds.

func (b *builder) pointcut(t antlr.ParseTree) Pointcut { p, _ := b.Visit(t).(Pointcut); return p }
func (b *builder) expr(t antlr.ParseTree) Expr         { e, _ := b.Visit(t).(Expr); return e }
func (b *builder) regex(t antlr.ParseTree) Regex       { r, _ := b.Visit(t).(Regex); return r }

func (b *builder) file(c gen.IFileContext) []*Property {
	var props []*Property
	for _, pc := range c.AllProperty() {
		props = append(props, b.property(pc))
	}
	return props
}

func (b *builder) property(c gen.IPropertyContext) *Property {
	p := &Property{Name: identText(c.Ident()), NameSpan: b.span(c.Ident()), Span: b.span(c)}
	p.Params = b.params(c.ParamList())
	for _, ec := range c.AllEventDecl() {
		p.Events = append(p.Events, b.eventDecl(ec))
	}
	p.Pattern = b.regex(c.PatternDecl().Regex())
	return p
}

func (b *builder) params(c gen.IParamListContext) []*Param {
	if c == nil {
		return nil
	}
	var ps []*Param
	for _, pc := range c.AllParam() {
		ps = append(ps, b.param(pc))
	}
	return ps
}

func (b *builder) param(c gen.IParamContext) *Param {
	return &Param{Type: typeNameText(c.TypeName()), Name: identText(c.Ident()), Span: b.span(c)}
}

func (b *builder) eventDecl(c gen.IEventDeclContext) *EventDecl {
	e := &EventDecl{Name: identText(c.Ident()), NameSpan: b.span(c.Ident()), Span: b.span(c)}
	switch a := c.Advice().(type) {
	case *gen.BeforeAdviceContext:
		e.Advice = Before
		e.Params = b.params(a.ParamList())
	case *gen.AfterAdviceContext:
		e.Advice = After
		e.Params = b.params(a.ParamList())
		if r := a.GetReturning(); r != nil {
			e.Returning = b.param(r)
		}
	}
	e.Pointcut = b.pointcut(c.Pointcut())
	return e
}

func (b *builder) args(c *gen.DArgsContext) *PcArgs {
	pc := &PcArgs{Sp: b.span(c)}
	for _, ac := range c.AllArgPattern() {
		a := ArgPattern{Sp: b.span(ac)}
		switch ac := ac.(type) {
		case *gen.ArgNameContext:
			a.Name = identText(ac.Ident())
		case *gen.ArgAnyContext:
			a.Any = true
		case *gen.ArgEllipsisContext:
			a.Ellipsis = true
		}
		pc.Args = append(pc.Args, a)
	}
	return pc
}

func (b *builder) sigPattern(c gen.ISigPatternContext) *SigPattern {
	s := &SigPattern{Name: c.GetName().GetText(), Sp: b.span(c)}
	if r := c.GetRet(); r != nil {
		s.Ret = b.typePattern(r)
	}
	if d := c.GetDecl(); d != nil {
		s.Decl = b.typePattern(d)
	}
	for _, pc := range c.AllParamPattern() {
		p := ParamPattern{Sp: b.span(pc)}
		switch pc := pc.(type) {
		case *gen.ParamEllipsisContext:
			p.Ellipsis = true
		case *gen.ParamTypeContext:
			p.Type = b.typePattern(pc.TypePattern())
			if id := pc.Ident(); id != nil {
				p.Name = identText(id)
			}
		}
		s.Params = append(s.Params, p)
	}
	return s
}

func (b *builder) fieldPattern(c gen.IFieldPatternContext) *FieldPattern {
	f := &FieldPattern{Name: c.GetName().GetText(), Sp: b.span(c)}
	if t := c.GetType_(); t != nil {
		f.Type = b.typePattern(t)
	}
	if d := c.GetDecl(); d != nil {
		f.Decl = b.typePattern(d)
	}
	return f
}

func (b *builder) typePattern(c gen.ITypePatternContext) *TypePattern {
	var parts []string
	for _, n := range c.AllNamePattern() {
		parts = append(parts, n.GetText())
	}
	name := strings.Join(parts, ".") + strings.Repeat("[]", len(c.AllLBRACK()))
	return &TypePattern{Name: name, Subtypes: c.PLUS() != nil, Sp: b.span(c)}
}

func (b *builder) literal(c gen.ILiteralContext) *ExprLit {
	l := &ExprLit{Value: c.GetText(), Sp: b.span(c)}
	switch {
	case c.NULL() != nil:
		l.Kind = LitNull
	case c.TRUE() != nil, c.FALSE() != nil:
		l.Kind = LitBool
	case c.NUMBER() != nil:
		l.Kind = LitNumber
	case c.STRING() != nil:
		l.Kind = LitString
		l.Value = b.unquote(c.STRING().GetSymbol())
	}
	return l
}

// unquote removes the quotes and escapes of a string literal. Java-style
// escapes are accepted; a bad one is a syntax diagnostic.
func (b *builder) unquote(tok antlr.Token) string {
	text := tok.GetText()
	s, err := strconv.Unquote(text)
	if err != nil {
		// strconv rejects some escapes Java has (\'); keep the text
		// without quotes rather than guess, and say so.
		b.diags = append(b.diags, newDiagnostic(Error, CodeSyntax, b.idx.tokenSpan(tok, tok),
			fmt.Sprintf("invalid string literal %s", text)))
		return text[1 : len(text)-1]
	}
	return s
}

// regexList builds one level of the pattern precedence ladder: a single
// item stands for itself, several become the node made by mk.
func regexList[T antlr.ParseTree](b *builder, kids []T, c antlr.ParserRuleContext, mk func([]Regex, Span) Regex) Regex {
	if len(kids) == 1 {
		return b.regex(kids[0])
	}
	items := make([]Regex, len(kids))
	for i, k := range kids {
		items[i] = b.regex(k)
	}
	return mk(items, b.span(c))
}

func (b *builder) rxEvent(c *gen.RxEventContext) *RxEvent {
	e := &RxEvent{Event: identText(c.Ident()), Sp: b.span(c)}
	if a := c.RxAttrs(); a != nil {
		if t := a.GetThread(); t != nil {
			e.Thread = identText(t)
		}
		if m := a.RxMark(); m != nil {
			e.Region = identText(m.Ident())
			e.RegionEnd = m.GT() != nil
		}
	}
	return e
}

// rxStarred reads the single token `next*` (a NAMEPAT, see Spec.g4) as the
// event `next` quantified by `*`, once per trailing star.
func (b *builder) rxStarred(c *gen.RxStarredContext) Regex {
	tok := c.NAMEPAT().GetSymbol()
	text := tok.GetText()
	name := strings.TrimRight(text, "*")
	sp := b.idx.tokenSpan(tok, tok)
	if !isIdent(name) {
		b.diags = append(b.diags, newDiagnostic(Error, CodeSyntax, sp,
			fmt.Sprintf("'%s' is not an event name with quantifiers: write quantifiers after the name, separated from the next name by a space", text)))
		name = strings.ReplaceAll(text, "*", "")
	}
	nameEnd := sp.Start.Offset + len(name)
	evSp := Span{File: sp.File, Start: sp.Start, End: b.idx.pos(nameEnd)}
	var x Regex = &RxEvent{Event: name, Sp: evSp}
	for off := nameEnd + 1; off <= sp.End.Offset && len(name) < len(text); off++ {
		x = &RxQuant{X: x, Op: '*', Sp: Span{File: sp.File, Start: sp.Start, End: b.idx.pos(off)}}
	}
	return x
}

// isIdent reports whether s is one identifier of the grammar's ID token.
func isIdent(s string) bool {
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || r == '$' || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return s != "" && utf8.ValidString(s)
}

func identText(c gen.IIdentContext) string { return c.GetText() }

func typeNameText(c gen.ITypeNameContext) string {
	var parts []string
	for _, id := range c.AllIdent() {
		parts = append(parts, id.GetText())
	}
	return strings.Join(parts, ".") + strings.Repeat("[]", len(c.AllLBRACK()))
}

// span is the source range of a parse-tree node.
func (b *builder) span(c antlr.ParserRuleContext) Span {
	return b.idx.tokenSpan(c.GetStart(), c.GetStop())
}

// spanFrom is the range from the start of first to the end of last.
func (b *builder) spanFrom(first, last antlr.ParserRuleContext) Span {
	return b.idx.tokenSpan(first.GetStart(), last.GetStop())
}
