package predict

import (
	"gpredict/spec"
	"gpredict/trace"
)

// memo finds the job of a choice met before with another binding of the
// same alternative: the same question, asked once. A run keeps one key
// per distinct choice until the alternative is done — on a generated
// recording of a million events, 1.3 million — so it keeps none when no
// choice can come back: when every parameter is bound by an occurrence
// each of whose events binds it (DataRace's variable, bound by both of
// its events), a choice agrees with one binding only, and bindingsFor
// yields every binding once.
type memo struct {
	jobs map[choiceKey]int32 // the job's seq; nil: no choice comes back
}

func newMemo(plan *altPlan, nParams int) memo {
	if choiceFixesBinding(plan.alt, plan.events, nParams) {
		return memo{}
	}
	return memo{jobs: map[choiceKey]int32{}}
}

// seen is the seq of the job of choice, if it was met before.
func (m memo) seen(choice []trace.EventRef) (int32, bool) {
	if m.jobs == nil {
		return 0, false
	}
	seq, ok := m.jobs[keyOf(choice)]
	return seq, ok
}

// add records that choice's job is the job of seq.
func (m memo) add(choice []trace.EventRef, seq int32) {
	if m.jobs != nil {
		m.jobs[keyOf(choice)] = seq
	}
}

// choiceFixesBinding reports whether every one of nParams parameters is
// bound by some occurrence of alt all of whose declaration's events
// (events[decl]) bind it.
func choiceFixesBinding(alt *spec.Alternative, events [][]spec.PropEvent, nParams int) bool {
	for p := range nParams {
		bound := false
		for _, o := range alt.Occs {
			if allBind(events[o.Decl], p) {
				bound = true
				break
			}
		}
		if !bound {
			return false
		}
	}
	return true
}

func allBind(evs []spec.PropEvent, p int) bool {
	for _, e := range evs {
		if e.Values[p] == trace.NoSym {
			return false
		}
	}
	return true
}

// choiceKey is a choice as a map key: its first two events inline, since
// most properties choose two and a run keeps one key per distinct choice
// (a million on a generated recording of a million events), and the
// others, if any, packed in rest.
type choiceKey struct {
	a, b trace.EventRef
	n    int
	rest string
}

func keyOf(refs []trace.EventRef) choiceKey {
	k := choiceKey{n: len(refs)}
	if len(refs) > 0 {
		k.a = refs[0]
	}
	if len(refs) > 1 {
		k.b = refs[1]
	}
	if len(refs) > 2 {
		k.rest = refsKey(refs[2:])
	}
	return k
}
