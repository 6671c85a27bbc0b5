package spec

// Invocations says which invocation events (call, enter, exit) the event
// declarations of p can match: the signature patterns of its call and
// execution pointcuts, or all invocations. A recorder that logs calls only
// where a property may want them (gpredict record for Java) logs a call
// when it matches one of the patterns; predict then matches the logged
// calls exactly. The answer over-approximates, never under: a pointcut
// that can match an invocation without naming its signature (target(x)
// alone, a negation, within) makes it all.
func Invocations(p *Property) (pats []*SigPattern, all bool) {
	for _, e := range p.Events {
		s := pointcutInvocations(e.Pointcut)
		if s.all {
			return nil, true
		}
		pats = append(pats, s.pats...)
	}
	return pats, false
}

// invSet is what one pointcut can match among invocations: nothing
// (zero value), the invocations matching one of pats, or all.
type invSet struct {
	pats []*SigPattern
	all  bool
}

func pointcutInvocations(pc Pointcut) invSet {
	switch x := pc.(type) {
	case *PcInvocation:
		if x.Sig == nil {
			return invSet{all: true}
		}
		return invSet{pats: []*SigPattern{x.Sig}}
	case *PcField, *PcLock, *PcVolatile, *PcLocation:
		return invSet{} // join points that are never invocations
	case *PcAnd:
		l, r := pointcutInvocations(x.L), pointcutInvocations(x.R)
		switch {
		case !l.all && len(l.pats) == 0, !r.all && len(r.pats) == 0:
			return invSet{}
		case l.all:
			return r
		default:
			return l // an invocation matching both matches L's patterns
		}
	case *PcOr:
		l, r := pointcutInvocations(x.L), pointcutInvocations(x.R)
		if l.all || r.all {
			return invSet{all: true}
		}
		return invSet{pats: append(append([]*SigPattern(nil), l.pats...), r.pats...)}
	default:
		// target, args, within, holds, if, and a negation: each can hold
		// at an invocation of any signature.
		return invSet{all: true}
	}
}
