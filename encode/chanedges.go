package encode

import "gpredict/trace"

// recvFromEdges returns the must-happen-before edges that channel values
// force, as readFromEdges does for reads: rule 5 asks of a required
// receive what it asks of a required read (docs/semantics.md). A `recv
// CH V` that is required takes a concrete send of V on CH that is already
// in the channel's queue (rule 7), so when only one other thread sends V
// on CH — and the receiver's own thread sends no V on CH before it — the
// first such send of that thread comes before the receive, and so before
// the event that makes it required. A `recvclosed CH` that is required
// finds CH closed: when CH has one close, in another thread, the close
// comes first. And by counting: the thread's k-th receive of CH, once
// required, follows k sends of CH, so when CH has k sends in all it
// follows each of them. The edges go to the event that makes the receive
// required (requirer), not to the receive.
//
// The index has no other channel edges: which send a receive takes is the
// causal model's choice (encode/chan.go). These are the ones every
// schedule has, whatever the choice; on a recording, where a channel
// carries pointers (each value sent once), they order most of what the
// channel hands from one goroutine to another, which the stages that do
// not model channels could otherwise not refute.
func (x *Index) recvFromEdges(model trace.BranchModel) [][][]trace.EventRef {
	if len(x.chanOps) == 0 {
		return nil
	}
	type chanVal struct{ ch, val trace.Sym }
	// senders[(ch,v)] lists the first send of v on ch of each thread that
	// sends it, by thread; closes[ch] the closes of ch.
	senders := map[chanVal][]trace.EventRef{}
	closes := map[trace.Sym][]trace.EventRef{}
	for ch, ops := range x.chanOps {
		for _, r := range ops { // by thread, then index
			switch ev := x.Trace.Event(r); ev.Op {
			case trace.OpSend:
				k := chanVal{ch, ev.Val}
				if s := senders[k]; len(s) == 0 || s[len(s)-1].Thread != r.Thread {
					senders[k] = append(s, r)
				}
			case trace.OpClose:
				closes[ch] = append(closes[ch], r)
			}
		}
	}
	allSends := map[trace.Sym][]trace.EventRef{}
	for ch, ops := range x.chanOps {
		for _, r := range ops {
			if x.Trace.Event(r).Op == trace.OpSend {
				allSends[ch] = append(allSends[ch], r)
			}
		}
	}
	edges := make([][][]trace.EventRef, len(x.Trace.Threads))
	for t, th := range x.Trace.Threads {
		recvs := map[trace.Sym]int{} // the thread's receives so far, by channel
		for i := range th.Events {
			ev := &th.Events[i]
			var from []trace.EventRef
			switch ev.Op {
			case trace.OpRecv:
				// Counting: once its successor runs, this receive and the
				// thread's earlier ones of the channel each took a send
				// (required, rule 5), so that many sends started before it;
				// when that is all of the channel's sends, each one comes
				// first (a channel drained by one goroutine).
				recvs[ev.Obj]++
				if all := allSends[ev.Obj]; recvs[ev.Obj] == len(all) {
					for _, s := range all {
						if s.Thread != th.ID {
							addRequiredEdge(edges, t, th, i, model, s)
						}
					}
					continue
				}
				from = senders[chanVal{ev.Obj, ev.Val}]
			case trace.OpRecvClosed:
				from = closes[ev.Obj]
			default:
				continue
			}
			if src, ok := onlyOther(from, th.ID, uint32(i)); ok {
				addRequiredEdge(edges, t, th, i, model, src)
			}
		}
	}
	return edges
}

// onlyOther is the one event of list (at most one per thread) in another
// thread than t, when list has no event of t before index i (which could
// be the one the receive needs) and exactly one of another thread.
func onlyOther(list []trace.EventRef, t trace.ThreadID, i uint32) (trace.EventRef, bool) {
	src, found := trace.EventRef{}, false
	for _, s := range list {
		if s.Thread == t {
			if s.Index < i {
				return trace.EventRef{}, false
			}
			continue
		}
		if found {
			return trace.EventRef{}, false
		}
		src, found = s, true
	}
	return src, found
}
