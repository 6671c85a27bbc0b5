package replay

import (
	"fmt"
	"strings"

	"gpredict/spec"
	"gpredict/trace"
)

// CheckPattern checks the conditions of docs/semantics.md for one
// alternative of a pattern, a choice of trace events (choice[i] for
// alt.Occs[i]) and a schedule: every chosen event is in sched and the
// ordering conditions of the pattern tree hold on their positions. The
// position of an event is its step; for a `wait` it is its Release step
// (the moment the waiting starts). Two occurrences may choose the same
// trace event (the before and after advice of one call): positions are per
// trace event.
//
// It also checks what can be checked of the choice alone: distinct
// property events (no occurrence of one declaration chosen twice),
// meta-threads (same name ⇒ same thread, different names ⇒ different
// threads) and region marks (begin and end in one thread, begin first).
// Whether a region pair is a *matching* pair needs all property events of
// the two declarations and is left to the candidate generator.
func CheckPattern(tr *trace.Trace, alt *spec.Alternative, choice []trace.EventRef, sched []Step) error {
	if len(choice) != len(alt.Occs) {
		return patErr("choice has %d events for %d occurrences", len(choice), len(alt.Occs))
	}
	if err := checkChoice(tr, alt, choice); err != nil {
		return err
	}
	// Only the chosen events' positions matter; a witness can hold a
	// hundred thousand steps, so the map holds just those.
	pos := make(map[trace.EventRef]int, len(choice))
	chosen := make(map[trace.EventRef]bool, len(choice))
	for _, e := range choice {
		chosen[e] = true
	}
	for i, s := range sched {
		if (s.Part == Whole || s.Part == Release) && chosen[s.Ref] {
			if _, dup := pos[s.Ref]; !dup {
				pos[s.Ref] = i
			}
		}
	}
	c := &patChecker{tr: tr, alt: alt, choice: choice, pos: pos}
	for i, e := range choice {
		if _, ok := pos[e]; !ok {
			return patErr("chosen event %s is not in the schedule", c.occName(i))
		}
	}
	if why := c.fails(alt.Root); why != "" {
		return patErr("%s", why)
	}
	return nil
}

func patErr(format string, args ...any) error {
	return ruleError(-1, 0, "pattern: "+fmt.Sprintf(format, args...))
}

func checkChoice(tr *trace.Trace, alt *spec.Alternative, choice []trace.EventRef) error {
	metas := map[string]trace.ThreadID{}
	for i, o := range alt.Occs {
		if int(choice[i].Thread) >= len(tr.Threads) || int(choice[i].Index) >= len(tr.Threads[choice[i].Thread].Events) {
			return patErr("occurrence %d (%s) chooses an event not in the trace", i, o.Event)
		}
		for j := 0; j < i; j++ {
			if alt.Occs[j].Decl == o.Decl && choice[j] == choice[i] {
				return patErr("occurrences %d and %d of %s choose the same property event %s", j, i, o.Event, tr.ID(choice[i]))
			}
		}
		if o.Thread == "" {
			continue
		}
		t := choice[i].Thread
		if prev, ok := metas[o.Thread]; ok && prev != t {
			return patErr("meta-thread %s is both %s and %s", o.Thread, tr.ThreadName(prev), tr.ThreadName(t))
		}
		for m, u := range metas {
			if m != o.Thread && u == t {
				return patErr("meta-threads %s and %s are both thread %s", m, o.Thread, tr.ThreadName(t))
			}
		}
		metas[o.Thread] = t
	}
	for i, o := range alt.Occs {
		if o.Region == "" || o.RegionEnd {
			continue
		}
		for j, e := range alt.Occs {
			if e.Region != o.Region || !e.RegionEnd {
				continue
			}
			b, end := choice[i], choice[j]
			if b.Thread != end.Thread || end.Index < b.Index {
				return patErr("region %s: %s and %s are not a begin/end pair of one thread", o.Region, tr.ID(b), tr.ID(end))
			}
		}
	}
	return nil
}

type patChecker struct {
	tr     *trace.Trace
	alt    *spec.Alternative
	choice []trace.EventRef
	pos    map[trace.EventRef]int
}

func (c *patChecker) occName(i int) string {
	return fmt.Sprintf("%s %s", c.alt.Occs[i].Event, c.tr.ID(c.choice[i]))
}

// occs lists the occurrences below n (all of them, also under `!`), each
// once even if it appears in several `|` branches.
func occs(n *spec.PatNode, out []int) []int {
	if n.Kind == spec.PatEvent {
		for _, o := range out {
			if o == n.Occ {
				return out
			}
		}
		return append(out, n.Occ)
	}
	for _, k := range n.Kids {
		out = occs(k, out)
	}
	return out
}

// fails returns "" if the condition of n holds, else why not.
func (c *patChecker) fails(n *spec.PatNode) string {
	switch n.Kind {
	case spec.PatEvent:
		return "" // in the schedule: checked by CheckPattern
	case spec.PatSeq:
		for _, k := range n.Kids {
			if why := c.fails(k); why != "" {
				return why
			}
		}
		for a := 0; a < len(n.Kids); a++ {
			for b := a + 1; b < len(n.Kids); b++ {
				for _, x := range occs(n.Kids[a], nil) {
					for _, y := range occs(n.Kids[b], nil) {
						if c.pos[c.choice[x]] >= c.pos[c.choice[y]] {
							return fmt.Sprintf("%s must come before %s (sequence)", c.occName(x), c.occName(y))
						}
					}
				}
			}
		}
		return ""
	case spec.PatPar:
		for _, k := range n.Kids {
			if why := c.fails(k); why != "" {
				return why
			}
		}
		seen := map[int]bool{}
		lo, hi := -1, -1
		var names []string
		for _, x := range occs(n, nil) {
			p := c.pos[c.choice[x]]
			seen[p] = true
			if lo < 0 || p < lo {
				lo = p
			}
			if p > hi {
				hi = p
			}
			names = append(names, c.occName(x))
		}
		if hi-lo+1 != len(seen) {
			return fmt.Sprintf("%s must form one contiguous block of the schedule (||), but steps %d..%d hold other steps", strings.Join(names, ", "), lo+1, hi+1)
		}
		return ""
	case spec.PatAnd:
		for _, k := range n.Kids {
			if why := c.fails(k); why != "" {
				return why
			}
		}
		return ""
	case spec.PatOr:
		var whys []string
		for _, k := range n.Kids {
			why := c.fails(k)
			if why == "" {
				return ""
			}
			whys = append(whys, why)
		}
		return "no branch of | holds: " + strings.Join(whys, "; ")
	case spec.PatNot:
		if c.fails(n.Kids[0]) == "" {
			var names []string
			for _, x := range occs(n, nil) {
				names = append(names, c.occName(x))
			}
			return fmt.Sprintf("the negated part holds for %s (!)", strings.Join(names, ", "))
		}
		return ""
	}
	return fmt.Sprintf("unknown pattern node kind %d", n.Kind)
}
