package spec

import (
	"strings"

	"gpredict/trace"
)

// jpKind is the kind of AspectJ join point a trace event is. Events of
// other kinds (begin, end, fork, join, wait, notify, branch) are not join
// points: no pointcut matches them, not even a negated one.
type jpKind uint8

const (
	jpNone jpKind = iota
	jpInvocation
	jpGet
	jpSet
	jpLock
	jpUnlock
)

func joinPointKind(op trace.Op) jpKind {
	switch op {
	case trace.OpCall, trace.OpEnter, trace.OpExit:
		return jpInvocation
	case trace.OpRead:
		return jpGet
	case trace.OpWrite:
		return jpSet
	case trace.OpAcquire:
		return jpLock
	case trace.OpRelease:
		return jpUnlock
	}
	return jpNone
}

// firesAt reports whether advice a runs at an event of kind op: `before`
// at call and enter, `after` at call and exit, both at the single-point
// events (field accesses, lock, unlock).
func firesAt(a Advice, op trace.Op) bool {
	switch op {
	case trace.OpEnter:
		return a == Before
	case trace.OpExit:
		return a == After
	}
	return joinPointKind(op) != jpNone
}

// joinPoint is the view of one trace event that pointcuts test.
type joinPoint struct {
	kind   jpKind
	ev     *trace.Event
	target trace.Sym   // NoSym: none
	args   []trace.Sym // the arguments, when argsKnown
	// argsKnown is false for an invocation whose trace line has no args=
	// key although its signature has parameters: the arguments were not
	// recorded, so only `args(..)` fits.
	argsKnown bool
	variable  *varInfo // field accesses
	argBuf    [1]trace.Sym
}

// varInfo splits a variable name: `OBJ.FIELD` is field FIELD of object OBJ
// (split at the last dot); a name without a dot is a static variable with
// no object.
type varInfo struct {
	obj      trace.Sym // NoSym for a static variable
	field    string
	declType string // runtime type of obj (`object` directive), "" if unknown
}

// setup fills jp for event ev; enter is the matching enter event of an
// exit (nil otherwise), whose target and arguments an exit line may omit.
func (c *matchCtx) setup(jp *joinPoint, ev, enter *trace.Event) {
	*jp = joinPoint{kind: joinPointKind(ev.Op), ev: ev}
	switch jp.kind {
	case jpInvocation:
		target, args := ev.Target, ev.Args
		if enter != nil {
			if target == trace.NoSym {
				target = enter.Target
			}
			if args == trace.NoArgs {
				args = enter.Args
			}
		}
		jp.target = target
		jp.args = c.tr.Args(args)
		jp.argsKnown = args != trace.NoArgs || len(c.signature(ev.Obj).Params) == 0
	case jpGet, jpSet:
		jp.variable = c.variable(ev.Obj)
		jp.target = jp.variable.obj
		jp.argsKnown = true
		if jp.kind == jpSet {
			jp.argBuf[0] = ev.Val
			jp.args = jp.argBuf[:]
		}
	case jpLock, jpUnlock:
		jp.argBuf[0] = ev.Obj
		jp.args, jp.argsKnown = jp.argBuf[:], true
	}
}

// variable returns the cached split of variable v. The object name of
// `OBJ.FIELD` is interned into the trace's symbol table so that it can be
// a bound value like any other.
func (c *matchCtx) variable(v trace.Sym) *varInfo {
	if vi, ok := c.vars[v]; ok {
		return vi
	}
	name := c.tr.Str(v)
	vi := &varInfo{field: name}
	if obj, field, ok := splitVariable(name); ok {
		vi.obj = c.tr.Syms.Intern(obj)
		vi.field = field
		vi.declType = c.tr.ObjectType(vi.obj)
	}
	c.vars[v] = vi
	return vi
}

// splitVariable splits `OBJ.FIELD` at its last dot; a name without one
// (or with nothing on one side of it) is a static variable.
func splitVariable(name string) (obj, field string, ok bool) {
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 || dot == len(name)-1 {
		return "", "", false
	}
	return name[:dot], name[dot+1:], true
}

// InternObjects interns the object name of every `OBJ.FIELD` variable
// that a read or write of tr accesses, as matching does when it meets
// them. Matching after it adds nothing to tr's symbol table, so it may
// run while other goroutines read tr: predict.Run matches a property
// only when it comes to it, while its workers decide the candidates of
// the properties before (predict.PropertyInput.Match).
func InternObjects(tr *trace.Trace) {
	seen := map[trace.Sym]bool{}
	for t := range tr.Threads {
		for i := range tr.Threads[t].Events {
			ev := &tr.Threads[t].Events[i]
			if k := joinPointKind(ev.Op); (k != jpGet && k != jpSet) || seen[ev.Obj] {
				continue
			}
			seen[ev.Obj] = true
			if obj, _, ok := splitVariable(tr.Str(ev.Obj)); ok {
				tr.Syms.Intern(obj)
			}
		}
	}
}

// signature returns the parsed signature of an invocation's Obj, cached.
func (c *matchCtx) signature(s trace.Sym) *trace.Signature {
	if sig, ok := c.sigs[s]; ok {
		return sig
	}
	sig := c.tr.Signature(s)
	c.sigs[s] = &sig
	return &sig
}
