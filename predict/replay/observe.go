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
	r := newReplayer(c, sched)
	for i, s := range sched {
		if err := r.step(i, s); err != nil {
			return nil, err
		}
	}
	out := make(map[trace.EventRef]Seen, len(r.reads))
	for _, rd := range r.reads {
		out[rd.ref] = Seen{Value: rd.saw.val, Known: rd.saw.concrete, Initial: rd.saw.step < 0}
	}
	return out, nil
}
