package predict

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

// TestGroupKeysAgree: two choices have the same compact group key
// exactly when they have the same spelled-out one (groupKey), over
// alternatives with a `||` group (a multiset of places) and a sequence
// (places in order), on events with shared locations and events with
// none, for two properties, one of which has two alternatives.
func TestGroupKeysAgree(t *testing.T) {
	var b strings.Builder
	rng := rand.New(rand.NewSource(7))
	for i := range 60 {
		th := 1 + rng.Intn(3)
		op := []string{"read x 0", "write x 1", "read y 0", "write y 1"}[rng.Intn(4)]
		loc := fmt.Sprintf(" @A.java:%d", 1+rng.Intn(4))
		if i%5 == 0 {
			loc = "" // grouped by the event itself
		}
		fmt.Fprintf(&b, "T%d %s%s\n", th, op, loc)
	}
	tr := testtrace.Text(t, b.String())
	race := newProp("Race", nil, []string{"a", "b"}, par(ev(0), ev(1)), occ(0, "a", ""), occ(1, "b", ""))
	race.Normal.Alts = append(race.Normal.Alts,
		spec.Alternative{Root: seq(ev(0), ev(1)), Occs: []spec.Occurrence{occ(0, "a", ""), occ(1, "b", "")}},
		spec.Alternative{Root: par(ev(0), ev(1)), Occs: []spec.Occurrence{occ(1, "b", ""), occ(1, "b", "")}})
	order := newProp("Order", nil, []string{"a", "b"}, seq(ev(0), ev(1)), occ(0, "a", ""), occ(0, "b", ""))
	// Six places in a row make keys longer than a shortKey holds.
	six := newProp("Six", nil, []string{"a"}, seq(ev(0), ev(1), ev(2), ev(3), ev(4), ev(5)),
		occ(0, "a", ""), occ(0, "b", ""), occ(0, "c", ""), occ(0, "d", ""), occ(0, "e", ""), occ(0, "f", ""))
	type cand struct {
		p     *spec.Property
		alt   int
		refs  []trace.EventRef
		key   string
		short string
		group int32
	}
	var all []cand
	var refs []trace.EventRef
	for th, thread := range tr.Threads {
		for i := range thread.Events {
			refs = append(refs, trace.EventRef{Thread: trace.ThreadID(th), Index: uint32(i)})
		}
	}
	keys, gs := newGroupKeys(tr), newGroups(tr)
	for range 3000 {
		p, alt, n := race, rng.Intn(3), 2
		switch rng.Intn(4) {
		case 0:
			p, alt = order, 0
		case 1:
			p, alt, n = six, 0, 6
		}
		choice, from := make([]trace.EventRef, n), len(refs)
		if n == 6 {
			from = 4 // few events, so that six-event choices share groups too
		}
		for i := range choice {
			choice[i] = refs[rng.Intn(from)]
		}
		a := &p.Normal.Alts[alt]
		g := gs.of(0, &altPlan{prop: p, alt: a}, choice)
		all = append(all, cand{p, alt, choice, groupKey(tr, p, a, choice), keys.key(p, a, choice), g})
	}
	if len(gs.short) == 0 || len(gs.long) == 0 {
		t.Fatalf("%d short and %d long group keys: the test checks too little", len(gs.short), len(gs.long))
	}
	same := 0
	for i := range all {
		for j := i + 1; j < len(all); j++ {
			long, short := all[i].key == all[j].key, all[i].short == all[j].short
			if group := all[i].group == all[j].group; long != short || long != group {
				t.Fatalf("%s alt %d %v and %s alt %d %v: same spelled-out key %v, same compact key %v, same group %v",
					all[i].p.Name, all[i].alt, all[i].refs, all[j].p.Name, all[j].alt, all[j].refs, long, short, group)
			}
			if long && !equalRefs(all[i].refs, all[j].refs) {
				same++
			}
		}
	}
	if same == 0 {
		t.Fatal("no two different choices share a group: the test checks too little")
	}
}

func equalRefs(a, b []trace.EventRef) bool {
	return len(a) == len(b) && (len(a) == 0 || a[0] == b[0] && equalRefs(a[1:], b[1:]))
}
