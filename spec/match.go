package spec

import (
	"context"
	"slices"

	"gpredict/internal/grow"
	"gpredict/internal/interrupt"
	"gpredict/trace"
)

// Matcher finds the property events of one property in traces
// (docs/semantics.md). Each event declaration's pointcut is compiled once;
// matching a trace is one pass over its events, with the results of
// signature, field and type patterns cached per distinct symbol.
// docs/matching.md describes the semantics.
type Matcher struct {
	prop      *Property
	decls     []*declMatcher
	caches    int
	usesHolds bool    // some pointcut says holds(...)
	kinds     kindSet // the join point kinds some declaration can match
}

// NewMatcher compiles the pointcuts of p. It fails on what the checker
// should already have rejected (an if(...) naming an unknown name, a
// pointcut node without its pattern).
func NewMatcher(p *Property) (*Matcher, error) {
	m := &Matcher{prop: p}
	for i := range p.Events {
		dm, err := compileDecl(p, i, &m.caches, &m.usesHolds)
		if err != nil {
			return nil, err
		}
		m.decls = append(m.decls, dm)
		m.kinds |= dm.kinds
	}
	return m, nil
}

// Match compiles p and matches it against tr; see Matcher.Match.
func Match(p *Property, tr *trace.Trace) ([][]PropEvent, error) {
	return MatchContext(context.Background(), p, tr)
}

// MatchContext is Match, stopped by ctx: matching a recording of millions
// of events against many declarations takes seconds. Once ctx is done it
// returns ctx's error.
func MatchContext(ctx context.Context, p *Property, tr *trace.Trace) ([][]PropEvent, error) {
	m, err := NewMatcher(p)
	if err != nil {
		return nil, err
	}
	return m.match(tr, ctx.Done()), ctx.Err()
}

// matchStopEvery is how many events Match matches between two looks at
// its stop signal.
const matchStopEvery = 4096

// Match returns, per event declaration of the property (in
// Property.Events order), its property events in trace order: by thread,
// then position. An event declaration may match a trace event in several
// ways that bind different values (e.g. through `||`); each is one
// property event.
//
// Match interns the object names of `OBJ.FIELD` variables into
// tr.Syms, so it must not run concurrently with other users of tr.
func (m *Matcher) Match(tr *trace.Trace) [][]PropEvent { return m.match(tr, nil) }

// match is Match until stop closes (nil: never); what it returns then is
// incomplete.
func (m *Matcher) match(tr *trace.Trace, stop <-chan struct{}) [][]PropEvent {
	c := &matchCtx{
		tr:      tr,
		sigs:    map[trace.Sym]*trace.Signature{},
		vars:    map[trace.Sym]*varInfo{},
		typeFit: map[typeFitKey]bool{},
		caches:  make([]map[trace.Sym]bool, m.caches),
		held:    heldLocks{depth: map[trace.Sym]int{}},
	}
	for i := range c.caches {
		c.caches[i] = map[trace.Sym]bool{}
	}
	out := make([][]PropEvent, len(m.decls))
	emits := make([]func(residual), len(m.decls))
	for i, dm := range m.decls {
		emits[i] = func(r residual) { c.emit(dm, r) }
	}
	var enters []int
	seen := 0
	for _, th := range tr.Threads {
		enters = enters[:0]
		c.held.reset()
		for i := range th.Events {
			if seen++; seen%matchStopEvery == 0 && interrupt.Closed(stop) {
				return out
			}
			ev := &th.Events[i]
			var enter *trace.Event
			switch ev.Op {
			case trace.OpEnter:
				enters = append(enters, i)
			case trace.OpExit:
				if n := len(enters); n > 0 {
					enter = &th.Events[enters[n-1]]
					enters = enters[:n-1]
				}
			}
			kind := joinPointKind(ev.Op)
			if kind == jpNone {
				continue
			}
			if m.kinds.has(kind) { // else no declaration can match it
				c.setup(&c.jp, ev, enter)
				ref := trace.EventRef{Thread: th.ID, Index: uint32(i)}
				for d, dm := range m.decls {
					if dm.kinds.has(kind) && firesAt(dm.decl.Advice, ev.Op) {
						out[d] = c.matchDecl(dm, ref, emits[d], out[d])
					}
				}
			}
			if m.usesHolds {
				c.held.step(ev)
			}
		}
	}
	return out
}

// matchCtx is the state of matching one trace.
type matchCtx struct {
	tr     *trace.Trace
	jp     joinPoint
	env    []trace.Sym // values of the current declaration's slots
	ways   []way       // distinct ways the current event matched
	sigs   map[trace.Sym]*trace.Signature
	vars   map[trace.Sym]*varInfo
	caches []map[trace.Sym]bool // per pattern node, per signature/variable
	held   heldLocks            // what the current thread holds (holds(...) only)
	advice Advice               // the advice of the declaration being matched

	typeFit map[typeFitKey]bool
}

// way is one set of property-parameter values an event binds, with the
// residual condition under which it does (nil: none).
type way struct {
	values []trace.Sym
	cond   residual
}

func (c *matchCtx) matchDecl(dm *declMatcher, ref trace.EventRef, emit func(residual), out []PropEvent) []PropEvent {
	if cap(c.env) < len(dm.slots) {
		c.env = make([]trace.Sym, len(dm.slots))
	}
	c.env = c.env[:len(dm.slots)]
	clear(c.env)
	c.advice = dm.decl.Advice
	if dm.returning >= 0 {
		if c.jp.kind != jpInvocation || c.jp.ev.Result == trace.NoSym {
			return out
		}
		c.env[dm.returning] = c.jp.ev.Result
	}
	c.ways = c.ways[:0]
	dm.root.match(c, nil, emit)
	for _, w := range c.ways {
		out = grow.Append(out, PropEvent{Decl: dm.index, Ref: ref, Values: w.values, Residual: w.cond})
	}
	return out
}

// emit records one way the current event satisfies dm's pointcut, after
// checking the declared types of the advice parameters it binds. Ways
// that bind the same property values are one property event, whose
// residual condition is the disjunction of theirs.
func (c *matchCtx) emit(dm *declMatcher, r residual) {
	for s, v := range c.env {
		if v != trace.NoSym && dm.slotTypes[s] != nil && !c.valueHasType(v, dm.slotTypes[s]) {
			return
		}
	}
	values := make([]trace.Sym, len(dm.propSlot))
	for i, s := range dm.propSlot {
		if s >= 0 {
			values[i] = c.env[s]
		}
	}
	for i := range c.ways {
		w := &c.ways[i]
		if !slices.Equal(w.values, values) {
			continue
		}
		switch prev := w.cond; {
		case prev == nil || r == nil:
			w.cond = nil
		default:
			w.cond = func(bi []trace.Sym) bool { return prev(bi) || r(bi) }
		}
		return
	}
	c.ways = append(c.ways, way{values: values, cond: r})
}

type typeFitKey struct {
	v   trace.Sym
	typ *typePat
}

// valueHasType reports whether value v may be of type typ: only a runtime
// type declared with `object v : T` can exclude it, when T does not fit
// typ (docs/matching.md).
func (c *matchCtx) valueHasType(v trace.Sym, typ *typePat) bool {
	rt, declared := c.tr.Objects[v]
	if !declared {
		return true
	}
	key := typeFitKey{v, typ}
	ok, seen := c.typeFit[key]
	if !seen {
		ok = typ.matches(c.tr.Str(rt), c.tr.Types)
		c.typeFit[key] = ok
	}
	return ok
}
