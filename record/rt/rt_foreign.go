package rt

import (
	"strconv"
	"sync"
	"sync/atomic"
)

// A goroutine writes its log without a lock. Taking one per event (a
// mutex's Lock and Unlock, two locked instructions that each wait for the
// event's stores to drain) was a third of the recorder's time per event;
// the lock was there for one rare writer: a goroutine that unlocks a
// mutex another goroutine holds (Go allows it, rt_sync.go's releasing),
// whose release is the holder's event and must take the holder's next
// event number.
//
// Such an unlocker U no longer writes into the holder H's log. It queues
// the release on H (under H's own small mutex, fmu, which H's events never
// take) and sets H's pending flag, then takes the global stamp G of the
// release — in that order, so that every global stamp H takes after G
// finds the flag set (atomics are sequentially consistent). H writes the
// queued releases into its log when it next takes a global stamp (stamp),
// before the line that stamp is for, each at its G followed by the fact
// "hb BY REL" from U's unlock event: a plain load of the flag is all an
// event of H pays, and only its synchronisation events pay even that.
// H's lines before G all have smaller stamps (its global ones were taken
// before G, or they would have found the flag; its local ones count from
// one of those), so H's lines stay in order and the merged trace has the
// release where U made it: before anything that followed the unlock.
//
// H may never take another global stamp: it waits for ever, sleeps until
// the run is killed, or runs only unsynchronised code. So U also writes a
// note into its own log, right after its unlock event:
//
//	# releases-for WRITER G BY TEXT
//
// (WRITER is H's writer, TEXT the release as H would have written it).
// The collector (record/raw.go) writes the release and its fact itself,
// at G and as H's next event, unless H's log has a line at G (H wrote
// it). Every line H wrote has a smaller stamp than G then, so the release
// is H's last event in both cases — the number H would have given it.
//
// A goroutine that ends closes its queue (End): it writes what is queued,
// and later unlockers write into its log themselves, under its mu (it
// writes nothing more), as all unlockers did before (rt_unlock_other.go).

// foreign is the part of a goroutine's state that other goroutines write.
type foreign struct {
	fmu     sync.Mutex
	fq      []foreignRel // releases to write, under fmu
	closed  bool         // the goroutine ended: unlockers write themselves (under fmu)
	pending atomic.Bool  // fq is not empty
}

// foreignRel is a release that another goroutine made for this one.
type foreignRel struct {
	g    uint64 // its global stamp (the counter's value)
	code pcode  // the unlocker's stack and site
	op   string // "release " or "rrelease "
	lock string // the lock's name
	by   string // the unlocker's event (its Unlock call)
}

// releaseFor logs r, a release that u made for h (u holds no lock of
// h's; u's unlock event r.by is logged).
func (h *gstate) releaseFor(u *gstate, r foreignRel) {
	h.fmu.Lock()
	if h.closed {
		h.fmu.Unlock()
		h.lockMu()
		r.g = rec.seq.Add(1) // after every stamp h took
		h.writeRelease(r)
		h.unlock()
		return
	}
	h.fq = append(h.fq, r)
	h.pending.Store(true)
	r.g = rec.seq.Add(1) // after the flag (above)
	h.fq[len(h.fq)-1].g = r.g
	h.fmu.Unlock()
	// The note's stamp is u's next local one, after its unlock event's
	// global stamp, taken before G: smaller than G, so the collector
	// reads it before it reaches G.
	u.lock()
	u.line("# releases-for ", strconv.FormatUint(h.writer, 10), " ", strconv.FormatUint(r.g, 10), " ", r.by, " ", r.text())
	u.unlock()
}

// text is r's event as a raw line has it, after the stamp.
func (r foreignRel) text() string {
	if r.code.text == "" {
		return r.op + r.lock
	}
	return r.code.text + " " + r.op + r.lock
}

// drain writes the releases queued for s (s's writer: the goroutine
// itself, or a goroutine writing into its log under mu).
func (s *gstate) drain() {
	s.fmu.Lock()
	q := s.fq
	s.fq = nil
	s.pending.Store(false)
	s.fmu.Unlock()
	for _, r := range q {
		s.writeRelease(r)
	}
}

// closeForeign is called by a goroutine that ends (s's writer): what is
// queued is written, and later unlockers write into s's log themselves.
func (s *gstate) closeForeign() {
	s.fmu.Lock()
	s.closed = true
	s.fmu.Unlock()
	s.drain()
}

// writeRelease writes r into s's log as s's next event, at r.g, with its
// fact. Both lines become part of the chunk at once (one update of its
// byte count): a crash leaves both or neither, and with neither the
// collector writes them from the unlocker's note.
func (s *gstate) writeRelease(r foreignRel) {
	s.held--
	hb := "hb " + r.by + " " + s.name + ":" + strconv.Itoa(s.n+1)
	text := r.text()
	s.room(2*maxSeq + 6 + len(text) + len(hb))
	buf := strconv.AppendUint(append(s.buf, '='), r.g, 10)
	buf = append(append(append(buf, ' '), text...), '\n')
	buf = append(append(append(buf, "+1 "...), hb...), '\n')
	s.buf = buf
	s.ck.setUsed(len(buf))
	s.n++
	s.base, s.sub = r.g<<subBits, 1
}
