package greedy

import (
	"bytes"
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/predict/closure"
	"gpredict/trace"
)

// TestReadPendingMatchesScan compares readPending, which looks only at the
// reads that can hold a write back (pinned reads, each thread's first read
// of the current value, the reads recorded before the write), with the
// walk over every needed read that it replaced, on random states of the
// simulation over random recordings and members of the lock-heavy family
// (few values, so reads with many sources and last supplies). It requires
// both answers and each way of answering yes to occur.
func TestReadPendingMatchesScan(t *testing.T) {
	var held, free, bySupply, byOrder int
	for seed := int64(1); seed <= 300; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr := pendingTrace(t, r, seed)
		x := encode.NewModelIndex(tr, trace.BranchesImplicit)
		pairs := testtrace.ConflictingPairs(tr)
		if len(pairs) == 0 {
			continue
		}
		for range 40 {
			pair := pairs[r.Intn(len(pairs))]
			ch := closure.Chain{Groups: [][]trace.EventRef{pair[:]}}
			res := closure.Saturate(x, ch, closure.DefaultConfig(false))
			b := newBuilder(x, ch, res)
			b.attempt.NoReadOrder = r.Intn(3) == 0
			randomState(r, b)
			for u, th := range tr.Threads {
				i := b.next[u]
				if i >= len(th.Events) || th.Events[i].Op != trace.OpWrite {
					continue
				}
				w := trace.EventRef{Thread: th.ID, Index: uint32(i)}
				got, want := b.readPending(u, w, &th.Events[i]), b.readPendingByScan(u, w, &th.Events[i])
				if got != want {
					t.Fatalf("seed %d, write %s, next %v, need %v, no read order %v: readPending %v, the scan %v", seed, tr.ID(w), b.next, b.need, b.attempt.NoReadOrder, got, want)
				}
				if !got {
					free++
					continue
				}
				held++
				if b.heldOnlyBySupply(u, w, &th.Events[i]) {
					bySupply++
				}
				if b.attempt.NoReadOrder == false && !b.withoutReadOrder(u, w, &th.Events[i]) {
					byOrder++
				}
			}
		}
	}
	t.Logf("%d writes held back (%d by a last supply alone, %d by the read order alone), %d not", held, bySupply, byOrder, free)
	if held < 100 || free < 100 || bySupply < 10 || byOrder < 10 {
		t.Fatalf("the states are too tame: %d held (%d by a last supply alone, %d by the read order alone), %d not", held, bySupply, byOrder, free)
	}
}

// pendingTrace is a random recording (even seeds) or a small member of
// the lock-heavy family (odd seeds).
func pendingTrace(t *testing.T, r *rand.Rand, seed int64) *trace.Trace {
	t.Helper()
	if seed%2 == 0 {
		return tracegen.Random(r, tracegen.Config{Threads: 3 + r.Intn(3), Events: 20 + r.Intn(30), Vars: 1 + r.Intn(2), Values: 2 + r.Intn(2), Recorded: true})
	}
	p := tracegen.DefaultLocks()
	p.Threads, p.Values = 4+r.Intn(5), 2+r.Intn(3)
	var text bytes.Buffer
	if err := tracegen.WriteLocks(&text, nil, p, 300, seed); err != nil {
		t.Fatal(err)
	}
	return testtrace.Text(t, text.String())
}

// randomState puts the simulation somewhere: each thread's next and
// needed events, and each variable's current value one that the
// recording writes or its initial value.
func randomState(r *rand.Rand, b *builder) {
	for u, th := range b.tr.Threads {
		n := len(th.Events)
		b.next[u] = r.Intn(n + 1)
		b.need[u] = b.next[u] + r.Intn(n-b.next[u]+1)
	}
	for u, th := range b.tr.Threads {
		for i := range th.Events {
			if ev := &th.Events[i]; ev.Op == trace.OpWrite && r.Intn(3) == 0 {
				b.value.put(b.x.ObjNum(trace.EventRef{Thread: trace.ThreadID(u), Index: uint32(i)}), ev.Val)
			}
		}
	}
}

// heldOnlyBySupply reports whether only a last supply holds write r back.
func (b *builder) heldOnlyBySupply(t int, r trace.EventRef, w *trace.Event) bool {
	cur := b.current(r, w.Obj)
	return b.neededReadsOf(t, r, w, func(rd, _ trace.EventRef, _ encode.SourceKind) bool { return b.lastSupplyByScan(rd, cur) }) &&
		!b.neededReadsOf(t, r, w, func(rd, src trace.EventRef, kind encode.SourceKind) bool {
			return kind == encode.Initial || kind == encode.OneWrite && b.done(src) || b.readOrderHolds(t, r, rd)
		})
}

// withoutReadOrder is readPendingByScan with the attempt's read order off.
func (b *builder) withoutReadOrder(t int, r trace.EventRef, w *trace.Event) bool {
	saved := b.attempt.NoReadOrder
	b.attempt.NoReadOrder = true
	defer func() { b.attempt.NoReadOrder = saved }()
	return b.readPendingByScan(t, r, w)
}

func (b *builder) readOrderHolds(t int, r, rd trace.EventRef) bool {
	return !b.attempt.NoReadOrder && b.arrival(int(rd.Thread), int(rd.Index)) < b.arrival(t, b.next[t]) && !b.facts.Before(r, rd)
}

// readPendingByScan is readPending as it was until 2026-12-03: every
// needed read of another value asked in turn.
func (b *builder) readPendingByScan(t int, r trace.EventRef, w *trace.Event) bool {
	cur := b.current(r, w.Obj)
	return b.neededReadsOf(t, r, w, func(rd, src trace.EventRef, kind encode.SourceKind) bool {
		switch {
		case kind == encode.Initial, kind == encode.OneWrite && b.done(src):
			return true
		case b.lastSupplyByScan(rd, cur):
			return true
		}
		return b.readOrderHolds(t, r, rd)
	})
}

// lastSupplyByScan is lastSupply with every thread's writes walked.
func (b *builder) lastSupplyByScan(rd trace.EventRef, cur trace.Sym) bool {
	ev := b.tr.Event(rd)
	if cur != ev.Val {
		return false
	}
	for _, acc := range b.x.Accessors(b.x.ObjNum(rd)) {
		u := int(acc.Thread)
		if u == int(rd.Thread) {
			if k := searchFrom(acc.Writes, b.next[u]); k < len(acc.Writes) && acc.Writes[k] < rd.Index {
				return false
			}
			continue
		}
		for k := searchFrom(acc.Writes, b.next[u]); k < len(acc.Writes); k++ {
			if w := (trace.EventRef{Thread: acc.Thread, Index: acc.Writes[k]}); b.tr.Event(w).Val == ev.Val {
				if b.reachable(w, rd) {
					return false
				}
				break
			}
		}
	}
	return true
}

// neededReadsOf calls visit on every needed, unscheduled read by other
// threads than t of the variable written by r (event w) that reads
// another value than w's, until visit returns true.
func (b *builder) neededReadsOf(t int, r trace.EventRef, w *trace.Event, visit func(rd, src trace.EventRef, kind encode.SourceKind) bool) bool {
	for _, acc := range b.x.Accessors(b.x.ObjNum(r)) {
		u := int(acc.Thread)
		for k := searchFrom(acc.Reads, b.next[u]); u != t && k < len(acc.Reads) && int(acc.Reads[k]) < b.need[u]; k++ {
			if b.tr.Threads[u].Events[acc.Reads[k]].Val == w.Val {
				continue
			}
			rd := trace.EventRef{Thread: acc.Thread, Index: acc.Reads[k]}
			if src, kind := b.x.Source(rd); visit(rd, src, kind) {
				return true
			}
		}
	}
	return false
}
