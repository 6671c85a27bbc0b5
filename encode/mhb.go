package encode

import "gpredict/trace"

// encodeMHB adds the must-happen-before constraints: program order (a
// wait's three parts in order), fork before the child's first event, the
// child's last event before a join. They are unconditional: steps left out
// of the schedule lie after the cut, where any order consistent with these
// constraints will do. Since a step before the cut forces every step it
// must follow before the cut too, they also make the schedule a prefix
// (rule 1) and make a join in the schedule bring all of its thread with it
// (rule 2).
//
// Program order is asserted from the last event back to the first: on a
// long chain Z3's difference-logic engine is much faster that way round.
func (p *Problem) encodeMHB() {
	tr := p.Trace
	for t := len(p.Slice.Prefix) - 1; t >= 0; t-- {
		n := p.Slice.Prefix[t]
		for i := n - 1; i >= 0; i-- {
			if p.stopped() {
				return
			}
			r := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			ss := steps(tr, r)
			for k := len(ss) - 1; k > 0; k-- {
				p.add(Lt(p.Var(ss[k-1]), p.Var(ss[k])), FamMHB,
					"the parts of wait "+tr.ID(r)+" happen in order", r)
			}
			if i > 0 {
				prev := trace.EventRef{Thread: r.Thread, Index: r.Index - 1}
				p.add(Lt(p.Var(lastStep(tr, prev)), p.Var(ss[0])), FamMHB,
					tr.ID(prev)+" precedes "+tr.ID(r)+" in program order", prev, r)
			}
		}
	}
	for t, n := range p.Slice.Prefix {
		th := tr.Threads[t]
		if n > 0 && th.HasFork {
			first := trace.EventRef{Thread: th.ID}
			p.add(Lt(p.Var(lastStep(tr, th.ForkedBy)), p.Var(firstStep(tr, first))), FamMHB,
				tr.ID(th.ForkedBy)+" forks "+tr.ThreadName(th.ID)+" before its first event "+tr.ID(first),
				th.ForkedBy, first)
		}
		for i := 0; i < n; i++ {
			if p.stopped() {
				return
			}
			r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
			ev := tr.Event(r)
			if ev.Op != trace.OpJoin {
				continue
			}
			child, _ := tr.ThreadByName(tr.Str(ev.Obj))
			k := len(tr.Threads[child].Events)
			if k == 0 {
				continue // joining a thread with no events constrains nothing
			}
			last := trace.EventRef{Thread: child, Index: uint32(k - 1)}
			p.add(Lt(p.Var(lastStep(tr, last)), p.Var(Step{Ref: r, Part: Whole})), FamMHB,
				tr.ID(r)+" joins "+tr.Str(ev.Obj)+" after its last event "+tr.ID(last), last, r)
		}
	}
}
