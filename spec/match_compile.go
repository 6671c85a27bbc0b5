package spec

import (
	"fmt"
	"strings"
)

// declMatcher is one event declaration compiled for matching.
type declMatcher struct {
	decl  *EventDecl
	index int
	// slots are the advice parameters, then the returning parameter: the
	// names the pointcut can bind. Each has a type that a bound value's
	// declared runtime type must fit (nil: any).
	slots     []string
	slotTypes []*typePat
	returning int   // slot of the returning parameter, -1 if none
	propSlot  []int // per property parameter: the slot binding it, or -1
	root      pcNode
	kinds     kindSet // the join point kinds root can match (kindsOf)
}

// declCompiler holds the name scopes of one declaration while its
// pointcut is compiled.
type declCompiler struct {
	prop   *Property
	slotOf map[string]int
	propOf map[string]int
	caches *int // number of per-trace caches allocated so far
	// usesHolds is set when a pointcut says holds(...), so that matching
	// keeps track of the locks each thread holds.
	usesHolds *bool
}

func compileDecl(p *Property, index int, caches *int, usesHolds *bool) (*declMatcher, error) {
	d := p.Events[index]
	if d.Pointcut == nil {
		return nil, fmt.Errorf("%s: event %s has no pointcut", d.Span, d.Name)
	}
	if d.Returning != nil && d.Advice != After {
		return nil, fmt.Errorf("%s: event %s: returning(...) needs after advice", d.Returning.Span, d.Name)
	}
	dm := &declMatcher{decl: d, index: index, returning: -1}
	dc := &declCompiler{prop: p, slotOf: map[string]int{}, propOf: map[string]int{}, caches: caches, usesHolds: usesHolds}
	for i, pp := range p.Params {
		if _, dup := dc.propOf[pp.Name]; !dup {
			dc.propOf[pp.Name] = i
		}
	}
	addSlot := func(par *Param) int {
		if s, ok := dc.slotOf[par.Name]; ok {
			return s
		}
		dc.slotOf[par.Name] = len(dm.slots)
		dm.slots = append(dm.slots, par.Name)
		dm.slotTypes = append(dm.slotTypes, valueTypePat(par.Type))
		return len(dm.slots) - 1
	}
	for _, par := range d.Params {
		addSlot(par)
	}
	if d.Returning != nil {
		dm.returning = addSlot(d.Returning)
	}
	for _, pp := range p.Params {
		s, ok := dc.slotOf[pp.Name]
		if !ok {
			s = -1
		}
		dm.propSlot = append(dm.propSlot, s)
	}
	root, err := dc.node(d.Pointcut)
	if err != nil {
		return nil, fmt.Errorf("event %s: %w", d.Name, err)
	}
	dm.root = root
	dm.kinds = kindsOf(root)
	return dm, nil
}

// valueTypePat turns a declared parameter type into the filter on a
// value's runtime type: the type or any subtype (Java typing); generic
// arguments are ignored. nil for Object and untyped parameters.
func valueTypePat(typ string) *typePat {
	typ, _, _ = strings.Cut(typ, "<")
	typ = strings.TrimSpace(typ)
	if typ == "" || typ == "*" || typ == "Object" || typ == "java.lang.Object" {
		return nil
	}
	return compileTypePat(&TypePattern{Name: typ, Subtypes: true})
}

func (dc *declCompiler) resolve(name string) (nameUse, bool) {
	use := nameUse{slot: -1, prop: -1}
	if s, ok := dc.slotOf[name]; ok {
		use.slot = s
	}
	if p, ok := dc.propOf[name]; ok {
		use.prop = p
	}
	return use, use.slot >= 0 || use.prop >= 0
}

// ref compiles a name of target/args/location (see nameRef).
func (dc *declCompiler) ref(name string) nameRef {
	if s, ok := dc.slotOf[name]; ok {
		return nameRef{slot: s}
	}
	if _, ok := dc.propOf[name]; ok {
		return nameRef{slot: -1}
	}
	return nameRef{slot: -1, typ: valueTypePat(name)}
}

func (dc *declCompiler) newCache() int {
	*dc.caches++
	return *dc.caches - 1
}

func (dc *declCompiler) node(pc Pointcut) (pcNode, error) {
	switch pc := pc.(type) {
	case *PcAnd:
		return dc.conjunction(pc)
	case *PcOr:
		l, err := dc.node(pc.L)
		if err != nil {
			return nil, err
		}
		r, err := dc.node(pc.R)
		if err != nil {
			return nil, err
		}
		return &orNode{l, r}, nil
	case *PcNot:
		x, err := dc.node(pc.X)
		if err != nil {
			return nil, err
		}
		return &notNode{x}, nil
	case *PcInvocation:
		if pc.Sig == nil {
			return nil, fmt.Errorf("%s: call/execution without a signature pattern", pc.Sp)
		}
		return &invocationNode{sig: compileSigPat(pc.Sig), cache: dc.newCache()}, nil
	case *PcField:
		if pc.Field == nil {
			return nil, fmt.Errorf("%s: get/set without a field pattern", pc.Sp)
		}
		return &fieldNode{set: pc.Set, field: compileFieldPat(pc.Field), cache: dc.newCache()}, nil
	case *PcTarget:
		return &targetNode{dc.ref(pc.Name)}, nil
	case *PcLocation:
		return &locationNode{dc.ref(pc.Name)}, nil
	case *PcArgs:
		n := &argsNode{}
		for _, a := range pc.Args {
			e := argElem{any: a.Any, ellipsis: a.Ellipsis}
			if !a.Any && !a.Ellipsis {
				e.ref = dc.ref(a.Name)
			}
			n.elems = append(n.elems, e)
		}
		return n, nil
	case *PcLock:
		return &lockNode{unlock: pc.Unlock}, nil
	case *PcVolatile:
		return volatileNode{}, nil
	case *PcWithin:
		if pc.Type == nil {
			return nil, fmt.Errorf("%s: within without a type pattern", pc.Sp)
		}
		return &withinNode{typ: compileTypePat(pc.Type), cache: dc.newCache()}, nil
	case *PcHolds:
		use, ok := dc.resolve(pc.Name)
		if !ok {
			return nil, fmt.Errorf("%s: holds(%s) names neither a parameter of the event nor of the property", pc.Sp, pc.Name)
		}
		*dc.usesHolds = true
		return &holdsNode{slot: use.slot, prop: use.prop}, nil
	case *PcIf:
		x, err := compileCond(pc.X, dc)
		if err != nil {
			return nil, err
		}
		return &ifNode{x}, nil
	case *PcUnknown:
		return nil, fmt.Errorf("%s: unknown pointcut designator %q", pc.NameSp, pc.Name)
	case nil:
		return nil, fmt.Errorf("empty pointcut")
	}
	return nil, fmt.Errorf("%s: unsupported pointcut %T", pc.Span(), pc)
}

// conjunction compiles a chain of && so that the parts that bind names
// run before the parts that test them (`if`, `!`), whatever the order in
// which they are written: `if(v == null) && args(v)` works like
// `args(v) && if(v == null)`.
func (dc *declCompiler) conjunction(pc *PcAnd) (pcNode, error) {
	var parts []Pointcut
	var flatten func(Pointcut)
	flatten = func(p Pointcut) {
		if a, ok := p.(*PcAnd); ok {
			flatten(a.L)
			flatten(a.R)
			return
		}
		parts = append(parts, p)
	}
	flatten(pc)
	var binders, tests []Pointcut
	for _, p := range parts {
		if testsNames(p) {
			tests = append(tests, p)
		} else {
			binders = append(binders, p)
		}
	}
	var out pcNode
	for _, p := range append(binders, tests...) {
		n, err := dc.node(p)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = n
		} else {
			out = &andNode{out, n}
		}
	}
	return out, nil
}

// testsNames reports whether p contains an `if` or a `!`, whose meaning
// depends on names being bound first.
func testsNames(p Pointcut) bool {
	switch p := p.(type) {
	case *PcIf, *PcNot:
		return true
	case *PcAnd:
		return testsNames(p.L) || testsNames(p.R)
	case *PcOr:
		return testsNames(p.L) || testsNames(p.R)
	}
	return false
}
