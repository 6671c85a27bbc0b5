package encode

import "gpredict/trace"

// encodeSignals adds rule 4 without knowing which notify woke which wait.
// For a wait w and a notify n of its signal by another thread, the Boolean
// woke(w,n) may be set only if n happens while w waits and before w wakes:
//
//	woke(w,n) → rel(w) < n < wake(w)
//	wake(w) ∈ π → ∨_n woke(w,n)
//	for a `notify` n: at most one w with woke(w,n)
//
// This "lazy" matching is exact for rule 4, although rule 4 makes every
// notify wake a current waiter whether or not that waiter ever runs: given
// a lazy matching, waking at each notify the current waiter whose wake-up
// comes first (earliest deadline first; notifyAll wakes all) wakes every
// waiter in time, and conversely the wake-ups of a real schedule are a lazy
// matching. A woken thread is not woken twice because each wake-up needs
// only one notify. Notifying needs no lock, so none is asked.
func (p *Problem) encodeSignals() {
	tr := p.Trace
	type wsel struct {
		wait trace.EventRef
		b    BoolVar
	}
	perNotify := map[trace.EventRef][]wsel{}
	var notifyOrder []trace.EventRef
	for t, n := range p.Slice.Prefix {
		for i := 0; i < n; i++ {
			w := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			ev := tr.Event(w)
			if ev.Op != trace.OpWait {
				continue
			}
			rel, wake := Step{Ref: w, Part: Release}, Step{Ref: w, Part: Wake}
			alts := []*F{p.out(wake)}
			for _, nr := range p.idx.notifies[ev.Val] {
				if p.stopped() {
					return
				}
				if !p.inSlice(nr) || nr.Thread == w.Thread {
					continue
				}
				ns := Step{Ref: nr, Part: Whole}
				if p.idx.StepBefore(ns, rel) || p.idx.StepBefore(wake, ns) {
					continue
				}
				b := p.newBool("woke_" + tr.ID(w) + "_by_" + tr.ID(nr))
				p.add(Implies(b, And(Lt(p.Var(rel), p.Var(ns)), Lt(p.Var(ns), p.Var(wake)))), FamSignal,
					tr.ID(nr)+" can wake "+tr.ID(w)+" only while it waits", w, nr)
				alts = append(alts, Lit(b, false))
				if tr.Event(nr).Op == trace.OpNotify {
					if _, seen := perNotify[nr]; !seen {
						notifyOrder = append(notifyOrder, nr)
					}
					perNotify[nr] = append(perNotify[nr], wsel{w, b})
				}
			}
			p.add(Or(alts...), FamSignal,
				"wait "+tr.ID(w)+" wakes only after a notify on "+tr.Str(ev.Val)+" issued while it waited", w)
		}
	}
	for _, nr := range notifyOrder {
		ws := perNotify[nr]
		for i := range ws {
			for j := i + 1; j < len(ws); j++ {
				if p.stopped() {
					return
				}
				p.add(Or(Lit(ws[i].b, true), Lit(ws[j].b, true)), FamSignal,
					"notify "+tr.ID(nr)+" wakes at most one of "+tr.ID(ws[i].wait)+" and "+tr.ID(ws[j].wait),
					nr, ws[i].wait, ws[j].wait)
			}
		}
	}
}
