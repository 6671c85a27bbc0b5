package replay

import "gpredict/trace"

// Seen is what a scheduled read returns: the value of the last write of
// its variable before it (Initial: none, the variable's initial value),
// which counts only if Known — the write is concrete (rule 5: every read
// before it in its thread returned its recorded value); an unknown value
// is no value at all.
type Seen struct {
	Value   trace.Sym
	Known   bool
	Initial bool
}

// ReadsSeen replays sched and returns what each of its reads returns. It
// reports the first rule of docs/semantics.md that sched breaks before its
// end (rules 1–4; rule 5 is Validate's), if any.
func (c *Checker) ReadsSeen(sched []Step) (map[trace.EventRef]Seen, error) {
	return c.ReadsSeenIn(trace.SC, sched)
}
