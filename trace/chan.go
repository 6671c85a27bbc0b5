package trace

import "strconv"

// Channels (docs/trace-format.md, "Channels"; docs/semantics.md, rule 7):
// `send CH VALUE`, `recv CH VALUE`, `recvclosed CH` and `close CH` are
// the operations of channel CH, a FIFO queue whose capacity the
// directive `chan CH : CAP` declares (0, unbuffered, unless declared).
// These are gpredict's own extension: the contract (SPEC) has no
// channels.

// Cap returns the capacity of channel ch (0 unless declared).
func (t *Trace) Cap(ch Sym) int { return t.ChanCaps[ch] }

// HasChannels reports whether some event of t is a channel operation.
// Decision stages that do not model channels leave such traces alone
// (docs/engine.md, Channels).
func (t *Trace) HasChannels() bool { return t.chans }

// ParseCap parses the capacity of a `chan` directive: a decimal number
// of at most 9 digits (a recording's channels are far smaller; the
// bound keeps the number an int everywhere).
func ParseCap(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// ChanCap records `chan CH : CAP` (pos: where CAP is written). A second
// declaration of CH with another capacity is an error.
func (b *Builder) ChanCap(pos Pos, ch Sym, n int) error {
	if b.tr.ChanCaps == nil {
		b.tr.ChanCaps, b.caps = map[Sym]int{}, map[Sym]Pos{}
	}
	if old, ok := b.tr.ChanCaps[ch]; ok {
		if old != n {
			return errorf(pos, "chan %s : %d conflicts with an earlier chan %s : %d (%s)", b.tr.Str(ch), n, b.tr.Str(ch), old, b.caps[ch])
		}
		return nil
	}
	b.tr.ChanCaps[ch], b.caps[ch] = n, pos
	return nil
}

// checkChan checks a channel operation: a channel is closed at most once
// (a second close panics in Go, so no run records one that returned),
// and a thread does not send on a channel after it closed it itself (the
// send would panic). Sends after another thread's close cannot be told
// from the thread-local trace; the semantics rules them out of every
// schedule (rule 7).
func (b *Builder) checkChan(pos Pos, tname string, ev *Event) error {
	b.tr.chans = true
	if b.closes == nil {
		b.closes = map[Sym]chanClose{}
	}
	switch c, closed := b.closes[ev.Obj]; ev.Op {
	case OpClose:
		if closed {
			return errorf(pos, "second close of channel %s (first at %s); want at most one close per channel (a second close panics)", b.tr.Str(ev.Obj), c.pos)
		}
		b.closes[ev.Obj] = chanClose{pos, tname}
	case OpSend:
		if closed && c.thread == tname {
			return errorf(pos, "send on channel %s after thread %s closed it (%s); want every send before the close (a send on a closed channel panics)", b.tr.Str(ev.Obj), tname, c.pos)
		}
	}
	return nil
}

// chanClose is the close of a channel: where, and by which thread.
type chanClose struct {
	pos    Pos
	thread string
}
