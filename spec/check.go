package spec

import "sort"

// Load parses, checks and normalises one .gp file: the one call a command
// needs. Properties without errors get their Normal form.
func Load(filename string, src []byte) (*File, Diagnostics) {
	f, diags := Parse(filename, src)
	if diags.HasErrors() {
		if onlySyntax(diags) {
			if wrong := wrongFormat(newSrcIndex(filename, src)); len(wrong) > 0 {
				return f, wrong
			}
		}
		return f, diags
	}
	return f, append(diags, Check(f)...)
}

// onlySyntax reports whether every diagnostic is a syntax error (not a bad
// character, which comes first and says enough).
func onlySyntax(diags Diagnostics) bool {
	for _, d := range diags {
		if d.Code != CodeSyntax && d.Code != CodeTooDeep {
			return false
		}
	}
	return true
}

// Check runs the static checks of docs/language.md over f and sets Normal
// on each property that has no errors. Warnings do not stop a property.
func Check(f *File) Diagnostics {
	var all Diagnostics
	seen := map[string]*Property{}
	for _, p := range f.Properties {
		if first, dup := seen[p.Name]; dup {
			all = append(all, errDuplicateProperty(p, first))
		} else {
			seen[p.Name] = p
		}
		diags := checkProperty(p)
		if !diags.HasErrors() {
			np, ndiags := Normalize(p)
			diags = append(diags, ndiags...)
			if !ndiags.HasErrors() {
				diags = append(diags, checkRegions(np)...)
			}
			if !diags.HasErrors() {
				p.Normal = np
			}
		}
		all = append(all, diags...)
	}
	all = dedupe(all)
	sort.SliceStable(all, func(i, j int) bool { return all[i].Pos.Offset < all[j].Pos.Offset })
	return all
}

// checkProperty runs the checks that need only the AST: parameters,
// event declarations and the events named by the pattern.
func checkProperty(p *Property) Diagnostics {
	var diags Diagnostics
	diags = append(diags, checkDuplicateParams(p.Params)...)

	propParams := paramNames(p.Params)
	declared := map[string]*EventDecl{}
	var eventNames []string
	bindable := map[string]bool{}
	for _, e := range p.Events {
		if first, dup := declared[e.Name]; dup {
			diags = append(diags, errDuplicateEvent(e, first))
		} else {
			declared[e.Name] = e
			eventNames = append(eventNames, e.Name)
		}
		ed, bound := checkEvent(e, propParams)
		diags = append(diags, ed...)
		for name := range bound {
			bindable[name] = true
		}
	}
	for _, par := range p.Params {
		if !bindable[par.Name] {
			diags = append(diags, errUnbindableParameter(par))
		}
	}

	if n := countEvents(p.Pattern); n > maxPatternEvents {
		// Rejected whole: a diagnostic per event, or a normal form of up
		// to maxAlternatives copies of it, would cost what the file is
		// not worth.
		return append(diags, errTooManyEvents(p.Pattern, n, maxPatternEvents))
	}
	walkRegex(p.Pattern, func(r Regex) {
		if ev, ok := r.(*RxEvent); ok && declared[ev.Event] == nil {
			diags = append(diags, errUndeclaredEvent(ev, eventNames))
		}
		if not, ok := r.(*RxNot); ok {
			if q := findGrowingQuantifier(not.X); q != nil {
				diags = append(diags, errNegatedQuantifier(not, q))
			}
		}
	})
	return diags
}

// checkEvent checks one declaration and returns the names it binds: its
// advice parameters (and returning parameter) that the pointcut binds.
func checkEvent(e *EventDecl, propParams []string) (Diagnostics, map[string]bool) {
	params := append([]*Param(nil), e.Params...)
	if e.Returning != nil {
		params = append(params, e.Returning)
	}
	diags := checkDuplicateParams(params)
	local := paramNames(params)
	isLocal := map[string]bool{}
	for _, n := range local {
		isLocal[n] = true
	}
	// if(...) may also name property parameters the event does not bind
	// (FIG. 19), checked per binding at match time.
	inScope := map[string]bool{}
	for _, n := range append(local, propParams...) {
		inScope[n] = true
	}
	bound := map[string]bool{}
	if e.Returning != nil {
		bound[e.Returning.Name] = true
	}
	// use checks a name a binding designator mentions; under `!` it
	// must still be a parameter, but it binds nothing.
	use := func(name string, sp Span, negated bool) {
		if !isLocal[name] {
			diags = append(diags, errUndeclaredName(name, sp, e, local))
		} else if !negated {
			bound[name] = true
		}
	}
	walkPointcut(e.Pointcut, false, func(pc Pointcut, negated bool) {
		switch pc := pc.(type) {
		case *PcUnknown:
			diags = append(diags, errUnknownPointcut(pc))
		case *PcTarget:
			use(pc.Name, pc.Sp, negated)
		case *PcLocation:
			use(pc.Name, pc.Sp, negated)
		case *PcArgs:
			for _, a := range pc.Args {
				if a.Name != "" {
					use(a.Name, a.Sp, negated)
				}
			}
		case *PcHolds:
			// Like if(...), holds may name a property parameter the
			// event does not bind: it is then tested per binding.
			switch {
			case pc.Name == "":
				diags = append(diags, errHoldsArgument(pc))
			case isLocal[pc.Name]:
				use(pc.Name, pc.Sp, negated)
			case !inScope[pc.Name]:
				diags = append(diags, errUndeclaredName(pc.Name, pc.Sp, e, append(local, propParams...)))
			}
		case *PcIf:
			walkExpr(pc.X, func(x Expr) {
				switch x := x.(type) {
				case *ExprName:
					if !inScope[x.Name] {
						diags = append(diags, errUndeclaredName(x.Name, x.Sp, e, append(local, propParams...)))
					}
				case *ExprMethod:
					if !isStringMethod(x.Method) {
						diags = append(diags, errUnknownMethod(x))
					}
				}
			})
		}
	})
	for _, par := range e.Params {
		if !bound[par.Name] {
			diags = append(diags, warnUnboundAdviceParam(par, e))
		}
	}
	return diags, bound
}

func checkDuplicateParams(params []*Param) Diagnostics {
	var diags Diagnostics
	seen := map[string]*Param{}
	for _, p := range params {
		if first, dup := seen[p.Name]; dup {
			diags = append(diags, errDuplicateParameter(p, first))
		} else {
			seen[p.Name] = p
		}
	}
	return diags
}

// checkRegions checks the atomic-region marks of each alternative: every
// region has exactly one begin and one end, and an end's meta-thread (if
// written) is its begin's (if written).
func checkRegions(np *NormalPattern) Diagnostics {
	var diags Diagnostics
	for _, alt := range np.Alts {
		begins, ends := map[string][]Occurrence{}, map[string][]Occurrence{}
		var order []string
		for _, o := range alt.Occs {
			if o.Region == "" {
				continue
			}
			if begins[o.Region] == nil && ends[o.Region] == nil {
				order = append(order, o.Region)
			}
			if o.RegionEnd {
				ends[o.Region] = append(ends[o.Region], o)
			} else {
				begins[o.Region] = append(begins[o.Region], o)
			}
		}
		for _, r := range order {
			bs, es := begins[r], ends[r]
			switch {
			case len(es) == 0:
				diags = append(diags, errRegionWithoutEnd(bs[0]))
			case len(bs) == 0:
				diags = append(diags, errRegionWithoutBegin(es[0]))
			case len(bs) > 1:
				diags = append(diags, errRegionRepeated(bs[1]))
			case len(es) > 1:
				diags = append(diags, errRegionRepeated(es[1]))
			case bs[0].Thread != "" && es[0].Thread != "" && bs[0].Thread != es[0].Thread:
				diags = append(diags, errRegionThread(es[0], bs[0]))
			}
		}
	}
	return diags
}

func isStringMethod(m string) bool {
	for _, s := range stringMethods {
		if s == m {
			return true
		}
	}
	return false
}

func paramNames(ps []*Param) []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}

// findGrowingQuantifier returns a `*` or `+` inside r, or nil.
func findGrowingQuantifier(r Regex) *RxQuant {
	var found *RxQuant
	walkRegex(r, func(r Regex) {
		if q, ok := r.(*RxQuant); ok && found == nil && (q.Op == '*' || q.Op == '+') {
			found = q
		}
	})
	return found
}

// dedupe drops repeated diagnostics (the same region error found in
// several alternatives), keeping the first of each.
func dedupe(ds Diagnostics) Diagnostics {
	type key struct {
		code Code
		off  int64
		msg  string
	}
	seen := map[key]bool{}
	out := ds[:0:0]
	for _, d := range ds {
		k := key{d.Code, d.Pos.Offset, d.Msg}
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// walkPointcut calls fn on every node of pc in source order, telling
// whether it is under a `!`.
func walkPointcut(pc Pointcut, negated bool, fn func(Pointcut, bool)) {
	if pc == nil {
		return
	}
	fn(pc, negated)
	switch pc := pc.(type) {
	case *PcAnd:
		walkPointcut(pc.L, negated, fn)
		walkPointcut(pc.R, negated, fn)
	case *PcOr:
		walkPointcut(pc.L, negated, fn)
		walkPointcut(pc.R, negated, fn)
	case *PcNot:
		walkPointcut(pc.X, !negated, fn)
	}
}

// walkExpr calls fn on every node of x in source order.
func walkExpr(x Expr, fn func(Expr)) {
	if x == nil {
		return
	}
	fn(x)
	switch x := x.(type) {
	case *ExprBinary:
		walkExpr(x.L, fn)
		walkExpr(x.R, fn)
	case *ExprNot:
		walkExpr(x.X, fn)
	case *ExprMethod:
		walkExpr(x.Recv, fn)
		walkExpr(x.Arg, fn)
	}
}

// countEvents is the number of events written in r: a bound on the
// occurrences of each alternative of its normal form.
func countEvents(r Regex) int {
	n := 0
	walkRegex(r, func(r Regex) {
		if _, ok := r.(*RxEvent); ok {
			n++
		}
	})
	return n
}

// walkRegex calls fn on every node of r in source order.
func walkRegex(r Regex, fn func(Regex)) {
	if r == nil {
		return
	}
	fn(r)
	switch r := r.(type) {
	case *RxSeq:
		for _, it := range r.Items {
			walkRegex(it, fn)
		}
	case *RxPar:
		for _, it := range r.Items {
			walkRegex(it, fn)
		}
	case *RxAnd:
		for _, it := range r.Items {
			walkRegex(it, fn)
		}
	case *RxOr:
		for _, it := range r.Items {
			walkRegex(it, fn)
		}
	case *RxNot:
		walkRegex(r.X, fn)
	case *RxQuant:
		walkRegex(r.X, fn)
	}
}
