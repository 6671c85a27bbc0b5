package spec

import "fmt"

// Every semantic diagnostic of the property language is made here, one
// small function per kind, so that all wording can be reviewed in one
// place. Syntax diagnostics are made in parse.go from ANTLR's messages.

func errorAt(code Code, sp Span, format string, args ...any) Diagnostic {
	return newDiagnostic(Error, code, sp, fmt.Sprintf(format, args...))
}

func errUndeclaredEvent(ev *RxEvent, declared []string) Diagnostic {
	return errorAt(CodeUndeclaredEvent, nameSpan(ev.Sp, ev.Event),
		"undeclared event '%s' in pattern%s", ev.Event, didYouMean(ev.Event, declared))
}

func errDuplicateEvent(e, first *EventDecl) Diagnostic {
	return errorAt(CodeDuplicateEvent, e.NameSpan,
		"duplicate event '%s' (first declared at line %d)", e.Name, first.NameSpan.Start.Line)
}

func errDuplicateProperty(p, first *Property) Diagnostic {
	return errorAt(CodeDuplicateProperty, p.NameSpan,
		"duplicate property '%s' (first declared at line %d)", p.Name, first.NameSpan.Start.Line)
}

func errDuplicateParameter(par, first *Param) Diagnostic {
	return errorAt(CodeDuplicateParameter, par.Span,
		"duplicate parameter '%s' (first declared at line %d)", par.Name, first.Span.Start.Line)
}

func errUnbindableParameter(par *Param) Diagnostic {
	return errorAt(CodeUnbindableParameter, par.Span,
		"no event can bind property parameter '%s': it must be an advice parameter bound by target, args, location, holds or returning", par.Name)
}

func errUndeclaredName(name string, sp Span, e *EventDecl, candidates []string) Diagnostic {
	return errorAt(CodeUndeclaredName, sp,
		"'%s' is not a parameter of event '%s'%s", name, e.Name, didYouMean(name, candidates))
}

func errRegionWithoutEnd(o Occurrence) Diagnostic {
	return errorAt(CodeUnmatchedRegion, o.Span,
		"atomic region '<%s' has no end '>%s'", o.Region, o.Region)
}

func errRegionWithoutBegin(o Occurrence) Diagnostic {
	return errorAt(CodeUnmatchedRegion, o.Span,
		"atomic region end '>%s' has no begin '<%s'", o.Region, o.Region)
}

func errRegionRepeated(o Occurrence) Diagnostic {
	mark := "<"
	if o.RegionEnd {
		mark = ">"
	}
	return errorAt(CodeUnmatchedRegion, o.Span,
		"atomic region mark '%s%s' appears more than once in one alternative of the pattern", mark, o.Region)
}

func errRegionThread(end, begin Occurrence) Diagnostic {
	return errorAt(CodeRegionThread, end.Span,
		"atomic region '%s' ends on meta-thread '%s' but begins on '%s' (line %d): a region is one thread's",
		end.Region, end.Thread, begin.Thread, begin.Span.Start.Line)
}

// designators lists the pointcut designators for suggestions.
var designators = []string{"call", "execution", "get", "set", "target", "args", "location",
	"lock", "unlock", "volatile", "within", "holds", "if"}

func errUnknownPointcut(u *PcUnknown) Diagnostic {
	return errorAt(CodeUnknownPointcut, u.NameSp,
		"unknown pointcut designator '%s'%s", u.Name, didYouMean(u.Name, designators))
}

func errHoldsArgument(h *PcHolds) Diagnostic {
	return errorAt(CodeHoldsArgument, h.Sp,
		"holds(...) takes exactly one name, the parameter whose value is the lock, as in holds(o)")
}

// stringMethods are the methods of the if-expression language.
var stringMethods = []string{"contains", "startsWith", "endsWith"}

func errUnknownMethod(m *ExprMethod) Diagnostic {
	return errorAt(CodeUnknownMethod, m.Sp,
		"unknown method '%s' (the methods are contains, startsWith and endsWith)%s",
		m.Method, didYouMean(m.Method, stringMethods))
}

func errEmptyPattern(sp Span) Diagnostic {
	return errorAt(CodeEmptyPattern, sp,
		"the pattern can match no event once quantifiers are removed ('x*' is dropped, 'x?' may be nothing)")
}

func errEmptyBranch(sp Span) Diagnostic {
	return errorAt(CodeEmptyPattern, sp,
		"this branch is empty once quantifiers are removed ('x*' is dropped)")
}

func errEmptyNegation(sp Span) Diagnostic {
	return errorAt(CodeEmptyPattern, sp,
		"the negated group can be empty once quantifiers are removed")
}

func errNegatedQuantifier(not *RxNot, q *RxQuant) Diagnostic {
	return errorAt(CodeNegatedQuantifier, not.Sp,
		"'!' applies to a group containing '%c' (line %d, column %d): quantifier removal under '!' would over-approximate",
		q.Op, q.Sp.End.Line, q.Sp.End.Col-1)
}

func errTooManyAlternatives(sp Span, limit int) Diagnostic {
	return errorAt(CodeTooManyAlternatives, sp,
		"the pattern expands to more than %d alternatives ('|' and '?' multiply)", limit)
}

func errTooManyEvents(pattern Regex, n, limit int) Diagnostic {
	return errorAt(CodeTooManyEvents, pattern.Span(),
		"the pattern has %d events; want at most %d (each occurrence needs an event of its own in the trace)", n, limit)
}

func warnUnboundAdviceParam(par *Param, e *EventDecl) Diagnostic {
	return newDiagnostic(Warning, CodeUnboundAdviceParam, par.Span,
		fmt.Sprintf("advice parameter '%s' of event '%s' is never bound by its pointcut (use target, args, location, holds or returning); the event binds nothing for it",
			par.Name, e.Name))
}

// nameSpan narrows sp to the first len(name) bytes (the name at its start).
func nameSpan(sp Span, name string) Span {
	if sp.Start.Line == sp.End.Line && sp.End.Offset-sp.Start.Offset > len(name) {
		sp.End = Pos{Line: sp.Start.Line, Col: sp.Start.Col + len([]rune(name)), Offset: sp.Start.Offset + len(name)}
	}
	return sp
}
