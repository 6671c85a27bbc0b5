package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// writeSpecEvents implements `gpredict spec check --events TRACE FILE...`:
// it reads the trace (each file's format chosen by its extension), matches
// every property of files against it and prints, per property and per
// event declaration, the property events found — id, location and the
// values bound — so that a user can see what a spec's pointcuts select:
//
//	UnsafeIterator (unsafe_iterator.gp)
//	  create  T1#3  @Main.java:3  c=c i=i1
//	  next    T1#4  @Main.java:4  i=i1
//	  2 property events: create 1, next 1
//
// An event whose `if(...)` names a property parameter it does not bind
// ends with "(if on NAME)": it counts only for bindings that satisfy it.
//
// An interrupt stops the reading, the matching and the listing (the
// error is then the context's).
func writeSpecEvents(ctx context.Context, w io.Writer, tracePaths []string, files []*spec.File) error {
	tr, err := trace.ReadContext(ctx, tracePaths, "")
	if err != nil {
		return err
	}
	w = ctxWriter{ctx, w}
	for _, f := range files {
		for _, p := range f.Properties {
			evs, err := spec.MatchContext(ctx, p, tr)
			if err != nil {
				if ctx.Err() != nil {
					return err
				}
				return fmt.Errorf("%s: property %s: %w", f.Name, p.Name, err)
			}
			if err := writePropertyEvents(w, f.Name, p, tr, evs); err != nil {
				return err
			}
		}
	}
	return nil
}

func writePropertyEvents(w io.Writer, file string, p *spec.Property, tr *trace.Trace, evs [][]spec.PropEvent) error {
	type row struct{ name, id, loc, rest string }
	var rows []row
	widths := [3]int{}
	counts := make([]string, len(p.Events))
	total := 0
	for d, list := range evs {
		decl := p.Events[d]
		conds := residualNames(p, decl)
		for _, e := range list {
			r := row{name: decl.Name, id: tr.ID(e.Ref), loc: "-"}
			if l := tr.Event(e.Ref).Loc; l != trace.NoSym {
				r.loc = "@" + tr.Str(l)
			}
			var vals []string
			for i, v := range e.Values {
				if v != trace.NoSym {
					vals = append(vals, p.Params[i].Name+"="+tr.Str(v))
				}
			}
			if e.Residual != nil {
				vals = append(vals, "(if on "+strings.Join(unboundOf(conds, p, e.Values), ", ")+")")
			}
			r.rest = strings.Join(vals, " ")
			for i, s := range []string{r.name, r.id, r.loc} {
				widths[i] = max(widths[i], len(s))
			}
			rows = append(rows, r)
		}
		counts[d] = fmt.Sprintf("%s %d", decl.Name, len(list))
		total += len(list)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n", p.Name, file)
	for _, r := range rows {
		line := fmt.Sprintf("  %-*s  %-*s  %-*s  %s", widths[0], r.name, widths[1], r.id, widths[2], r.loc, r.rest)
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	noun := "property events"
	if total == 1 {
		noun = "property event"
	}
	fmt.Fprintf(&b, "  %d %s: %s\n", total, noun, strings.Join(counts, ", "))
	_, err := io.WriteString(w, b.String())
	return err
}

// residualNames lists the property parameters named in the if(...) and
// holds(...) conditions of decl, in property order.
func residualNames(p *spec.Property, decl *spec.EventDecl) []int {
	named := map[string]bool{}
	var walkExpr func(spec.Expr)
	walkExpr = func(x spec.Expr) {
		switch x := x.(type) {
		case *spec.ExprName:
			named[x.Name] = true
		case *spec.ExprBinary:
			walkExpr(x.L)
			walkExpr(x.R)
		case *spec.ExprNot:
			walkExpr(x.X)
		case *spec.ExprMethod:
			walkExpr(x.Recv)
			walkExpr(x.Arg)
		}
	}
	var walk func(spec.Pointcut)
	walk = func(pc spec.Pointcut) {
		switch pc := pc.(type) {
		case *spec.PcAnd:
			walk(pc.L)
			walk(pc.R)
		case *spec.PcOr:
			walk(pc.L)
			walk(pc.R)
		case *spec.PcNot:
			walk(pc.X)
		case *spec.PcIf:
			walkExpr(pc.X)
		case *spec.PcHolds:
			named[pc.Name] = true
		}
	}
	walk(decl.Pointcut)
	var out []int
	for i, par := range p.Params {
		if named[par.Name] {
			out = append(out, i)
		}
	}
	return out
}

// unboundOf names the parameters among conds that values leaves unbound.
func unboundOf(conds []int, p *spec.Property, values []trace.Sym) []string {
	var out []string
	for _, i := range conds {
		if values[i] == trace.NoSym {
			out = append(out, p.Params[i].Name)
		}
	}
	return out
}
