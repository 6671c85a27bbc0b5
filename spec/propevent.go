package spec

import "gpredict/trace"

// PropEvent is a property event (docs/semantics.md): a trace event matched
// by an event declaration, with the values it binds.
type PropEvent struct {
	Decl int            // index of the declaration in Property.Events
	Ref  trace.EventRef // the trace event
	// Values holds, per property parameter (in Property.Params order), the
	// value this event binds, or trace.NoSym if it binds nothing for it.
	Values []trace.Sym
	// Residual, if not nil, is an `if(…)` condition that names property
	// parameters the event does not bind (FIG. 19); it is evaluated for
	// each binding, whose values are given per parameter.
	Residual func(binding []trace.Sym) bool
}

// Compatible reports whether e agrees with the binding (one value per
// property parameter) and its residual condition holds for it.
func (e *PropEvent) Compatible(binding []trace.Sym) bool {
	for i, v := range e.Values {
		if v != trace.NoSym && v != binding[i] {
			return false
		}
	}
	return e.Residual == nil || e.Residual(binding)
}
