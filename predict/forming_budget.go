package predict

import (
	"errors"
	"fmt"
)

// errFormingBudget is why a run stopped forming candidates: its resident
// memory stayed past the memory budget after a collection, with the
// solver stages already stopped (watchMemoryUntil).
var errFormingBudget = errors.New("the memory budget was passed while candidates were formed")

// formingStop says where a run stopped forming candidates at the memory
// budget: what it must hold while a property's candidates are formed (the
// trace, the facts, the property's events and their join) grows with them
// and cannot be decided with less, so past the budget for good the run
// forms no more, decides those it has, and reports the rest as unknown
// with the budget as the reason, rather than grow until the machine swaps.
type formingStop struct {
	prop   int // index of the property at hand in Run's input; -1: forming ended by itself
	formed int // candidates of that property formed before the stop
}

// unknown is the unknown entry of every property whose candidates were
// not all formed: the one at hand and those after it. An entry names no
// binding and no events: it stands for the candidates never formed.
func (s formingStop) unknown(props []PropertyInput, budget int64) []UnknownCandidate {
	if s.prop < 0 {
		return nil
	}
	var out []UnknownCandidate
	for pi := s.prop; pi < len(props); pi++ {
		p := props[pi].Prop
		if p.Normal == nil {
			continue
		}
		reason := fmt.Sprintf("not decided: the memory budget (%s, --memory) stayed passed before its candidates were formed, so none was", formatBytes(budget))
		if pi == s.prop && s.formed > 0 {
			reason = fmt.Sprintf("not decided: the memory budget (%s, --memory) stayed passed while its candidates were formed, after %d of them; the others were not formed", formatBytes(budget), s.formed)
		}
		out = append(out, UnknownCandidate{Property: p, Reason: reason})
	}
	return out
}
