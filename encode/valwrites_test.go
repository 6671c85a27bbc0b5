package encode

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestValWrites: the index's lists of the writes of a (variable, value)
// pair, and of each thread's first such write, are what a map of slices
// appended to thread by thread gives, on random traces where values come
// back in one thread and across threads.
func TestValWrites(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 20 {
		var b strings.Builder
		for range 200 {
			fmt.Fprintf(&b, "T%d write x%d %d\n", rng.IntN(4)+1, rng.IntN(3), rng.IntN(1+round))
			if rng.IntN(4) == 0 {
				fmt.Fprintf(&b, "T%d read y 0\n", rng.IntN(4)+1)
			}
		}
		tr := testtrace.Text(t, b.String())
		writes, firsts := map[varVal][]trace.EventRef{}, map[varVal][]trace.EventRef{}
		for _, th := range tr.Threads {
			for i, ev := range th.Events {
				if ev.Op != trace.OpWrite {
					continue
				}
				k, r := varVal{ev.Obj, ev.Val}, trace.EventRef{Thread: th.ID, Index: uint32(i)}
				writes[k] = append(writes[k], r)
				if fs := firsts[k]; len(fs) == 0 || fs[len(fs)-1].Thread != r.Thread {
					firsts[k] = append(fs, r)
				}
			}
		}
		x := NewIndex(tr)
		for k, want := range writes {
			if got := x.WritesOfValue(k.v, k.val); !slices.Equal(got, want) {
				t.Fatalf("round %d, %s=%s: writes %v, want %v", round, tr.Str(k.v), tr.Str(k.val), got, want)
			}
			if got := x.FirstWritesOfValue(k.v, k.val); !slices.Equal(got, firsts[k]) {
				t.Fatalf("round %d, %s=%s: first writes %v, want %v", round, tr.Str(k.v), tr.Str(k.val), got, firsts[k])
			}
		}
		nw, nf := 0, 0
		for k := range writes {
			nw, nf = nw+len(writes[k]), nf+len(firsts[k])
		}
		if len(x.byVal.at) != len(writes) || len(x.byVal.writes) != nw || len(x.byVal.firsts) != nf {
			t.Fatalf("round %d: %d pairs, %d writes, %d first writes kept, want %d, %d, %d", round,
				len(x.byVal.at), len(x.byVal.writes), len(x.byVal.firsts), len(writes), nw, nf)
		}
		if y, ok := tr.Syms.Lookup("y"); ok && x.WritesOfValue(y, trace.NoSym) != nil {
			t.Fatalf("round %d: a variable never written has writes", round)
		}
	}
}
