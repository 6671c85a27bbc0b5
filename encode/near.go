package encode

import "gpredict/trace"

// NewNearProblemWithin builds the problem of slice sl (reduced when
// reduced is set, as NewReducedProblemWithin) for relaxed checks only:
// it leaves out the value constraint of every read that is not near a
// chosen event of c (within window base positions of one, or between two
// at most gap apart, as Encoding.Relax reckons), and the lock constraint
// of every two holds not both near. Relax(w, g) with w ≤ window and
// g ≤ gap drops the steps of those events anyway. Leaving constraints
// out only weakens the formula, as relaxing does: no model still means
// no violation, and a model says nothing. A model of it must never be
// taken for a witness.
//
// It exists for slices too large to encode whole: a read's value
// constraint names every write of its variable that may precede it, so
// on a busy recording of 300K events the read-write family of a
// 228K-event slice took 7 of the 8 s its encoding took, for reads whose
// steps the relaxation then dropped.
func NewNearProblemWithin(idx *Index, model trace.BranchModel, sl *Slice, reduced bool, c Candidate, window, gap int, lim Limits) (*Problem, error) {
	near := nearChosen(idx.Trace, c, window, gap)
	at := func(r trace.EventRef) bool { return near(int64(idx.Trace.Threads[r.Thread].Arrival[r.Index])) }
	return buildProblem(idx, model, sl, reduced, at, lim)
}

// nearHolds is hs without the holds that a near problem leaves out: those
// whose acquire, or release when it has one, is not near.
func (p *Problem) nearHolds(hs []hold) []hold {
	if p.near == nil {
		return hs
	}
	var out []hold
	for _, h := range hs {
		if p.near(h.start.Ref) && (!h.hasEnd || p.near(h.end.Ref)) {
			out = append(out, h)
		}
	}
	return out
}

// keepsValueOf reports whether the problem encodes read r's value
// constraint: always, except in a near problem for a read not near.
func (p *Problem) keepsValueOf(r trace.EventRef) bool { return p.near == nil || p.near(r) }

// farSourceSet collects the alternatives of a read's sources that a near
// problem leaves out (sourcesOf): each is only its write's concreteness,
// a literal or true, and many writes share one, so each literal is added
// once.
type farSourceSet map[BoolVar]bool

// add appends conc to alts unless an equal literal is there already.
func (s farSourceSet) add(alts []*F, conc *F) []*F {
	if conc.Kind == KLit {
		if s[conc.Bool] {
			return alts
		}
		s[conc.Bool] = true
	}
	return append(alts, conc)
}
