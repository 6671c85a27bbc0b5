package trace

import "strings"

// HBFact is a must-happen-before fact given by the trace (an `hb`
// directive, docs/trace-format.md): whenever To is in a schedule, From is
// in it before To (every step of From before the first step of To). A
// recorder states what the program guarantees and the events alone do not
// show: a channel receive after its send, a WaitGroup's Wait after the
// Done calls that released it.
type HBFact struct {
	From, To EventRef
}

// HB returns the facts of the trace, in input order.
func (t *Trace) HB() []HBFact { return t.hb }

// HBSources returns the events that must happen before r by an hb fact.
func (t *Trace) HBSources(r EventRef) []EventRef { return t.hbInto[r] }

// HB records an hb directive whose ids are resolved by Resolve, once every
// file is read; fromPos and toPos locate the two ids for error messages.
func (b *Builder) HB(fromPos, toPos Pos, from, to string) {
	b.hbs = append(b.hbs, pendingHB{fromPos: fromPos, toPos: toPos, from: from, to: to})
}

// AddHB records a fact between events already built (generators, tests).
// It is checked like a directive by Resolve.
func (b *Builder) AddHB(from, to EventRef) {
	tr := b.tr
	b.hbs = append(b.hbs, pendingHB{from: tr.ID(from), to: tr.ID(to)})
}

// Resolve checks what needs every file of the trace and turns the hb
// directives into facts. Forks and joins may not make must-happen-before
// cyclic (structure.go). Every id of a fact must name an event of the
// trace; a fact may not relate an event to itself or to an earlier event
// of its own thread, and the facts may not close a cycle with program
// order, fork and join (the events on it could never happen, and every
// encoding asserts the facts unconditionally). Readers call it once all
// files are read; Finish requires it.
func (b *Builder) Resolve() error {
	if err := b.resolveStacks(); err != nil {
		return err
	}
	if err := b.resolveSelects(); err != nil {
		return err
	}
	tr := b.tr
	if err := b.checkStructure(); err != nil {
		b.hbs = nil
		return err
	}
	if tr.hbInto == nil {
		tr.hbInto = map[EventRef][]EventRef{}
	}
	resolve := func(pos Pos, id string) (EventRef, error) {
		r, ok := tr.Ref(id)
		if !ok {
			return r, errorf(pos, "hb: no event %s in the trace; want ids of events of the trace's threads", id)
		}
		return r, nil
	}
	pending := b.hbs
	b.hbs = nil
	posOf := map[HBFact]Pos{}
	for _, h := range pending {
		from, err := resolve(h.fromPos, h.from)
		if err != nil {
			return err
		}
		to, err := resolve(h.toPos, h.to)
		if err != nil {
			return err
		}
		if from.Thread == to.Thread && from.Index >= to.Index {
			return errorf(h.toPos, "hb %s %s: %s is not after %s in its own thread; want a fact between different threads (or forward in one thread)", hbText(h.from), hbText(h.to), h.to, h.from)
		}
		f := HBFact{From: from, To: to}
		if _, dup := posOf[f]; !dup {
			posOf[f] = h.toPos
		}
		tr.hb = append(tr.hb, f)
		tr.hbInto[to] = append(tr.hbInto[to], from)
	}
	if stuck, ok := b.hbCycle(); ok {
		return errorf(posOf[stuck], "hb %s %s closes a cycle with program order, fork and join: %s can never happen; want facts that a real execution satisfies", hbText(tr.ID(stuck.From)), hbText(tr.ID(stuck.To)), tr.ID(stuck.To))
	}
	return nil
}

// hbCycle runs every thread as far as program order, fork, join and the
// hb facts let it (progress.go); if some event can never run because of a
// fact, it returns that fact. The structure check has already rejected
// cycles of forks and joins alone, so every stuck thread waits, directly
// or through forks and joins, for a fact.
func (b *Builder) hbCycle() (HBFact, bool) {
	tr := b.tr
	if len(tr.hb) == 0 {
		return HBFact{}, false
	}
	p := runProgress(tr, true)
	for t, th := range tr.Threads {
		if int(p.done[t]) < len(th.Events) {
			r := EventRef{ThreadID(t), p.done[t]}
			for _, src := range tr.hbInto[r] {
				if !p.ran(src) {
					return HBFact{From: src, To: r}, true
				}
			}
		}
	}
	return HBFact{}, false
}

// hbText spells an id as the text format's hb directive does: THREAD:K.
func hbText(id string) string {
	i := strings.LastIndexByte(id, '#')
	return id[:i] + ":" + id[i+1:]
}

// ThreadByName looks up a thread of the trace being built.
func (b *Builder) ThreadByName(name string) (ThreadID, bool) { return b.tr.ThreadByName(name) }
