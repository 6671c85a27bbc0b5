package greedy

import (
	"maps"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/predict/closure"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// TestResumeMatchesSimulation: a builder resumed from a mark of the base
// must be in the state a builder reaches by simulating the base's first
// steps itself — every thread's position, every lock's owner and shared
// count, every variable's value, the shared-hold depths — for every mark
// of random recorded traces marked at every step. A mark keeps almost
// nothing (the base's histories give the rest), so this is what says the
// rollback to a mark is right.
func TestResumeMatchesSimulation(t *testing.T) {
	r := rand.New(rand.NewSource(11))
	var compared, moved int
	for k := range 300 {
		tr := tracegen.Random(r, tracegen.Config{Recorded: true, SharedWeight: k % 3, Threads: 2 + k%3, Chans: k % 3})
		x := encode.NewIndex(tr)
		base := NewBase(x, 1)
		if base == nil {
			continue
		}
		for _, m := range base.marks {
			got := newBuilder(x, closure.Chain{}, closure.Result{})
			got.resume(base, m)
			want := newBuilder(x, closure.Chain{}, closure.Result{})
			for _, s := range base.Steps[:m.steps] {
				want.take(int(s.Ref.Thread))
			}
			compared++
			if m.steps > 0 && m.steps < len(base.Steps) {
				moved++
			}
			if msg := sameState(x, got, want); msg != "" {
				var sb strings.Builder
				_ = trace.WriteText(&sb, tr)
				t.Fatalf("trace %d, mark after %d steps: %s\n%s", k, m.steps, msg, sb.String())
			}
		}
	}
	if moved == 0 {
		t.Fatalf("no mark inside a base (%d compared)", compared)
	}
}

// sameState says how two builders' simulation states differ ("": they
// do not), entry by entry as the simulation reads them.
func sameState(x *encode.Index, a, b *builder) string {
	if !slices.Equal(a.next, b.next) {
		return "positions differ"
	}
	for l := range int32(x.NumLocks()) {
		if a.owner.get(l) != b.owner.get(l) || a.shared.get(l) != b.shared.get(l) {
			return "lock holds differ"
		}
	}
	for v := range int32(x.NumVars()) {
		if a.value.get(v) != b.value.get(v) {
			return "values differ"
		}
	}
	if !maps.Equal(a.depth, b.depth) || !maps.Equal(a.inner, b.inner) {
		return "shared depths differ"
	}
	if !slices.Equal(a.sendPos, b.sendPos) {
		return "send positions differ"
	}
	for s := range joinKeys(a.chans, b.chans) {
		qa, qb := a.chans[s], b.chans[s]
		if qa == nil {
			qa = &chanSim{}
		}
		if qb == nil {
			qb = &chanSim{}
		}
		if !slices.Equal(qa.vals, qb.vals) || qa.recvd != qb.recvd || qa.closed != qb.closed {
			return "channel " + a.tr.Str(s) + " differs"
		}
	}
	return ""
}

func joinKeys[K comparable, V any](a, b map[K]V) map[K]bool {
	out := map[K]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// TestBaseFollowsLateSends: a recorder logs a send once it has completed,
// so its receive, and what the receiver does next, can come first in the
// recording. The base must still take every event (the receive waits for
// its send, or pulls it forward), or every candidate after the receive
// would simulate from the start. Taking the receive first (no channel
// rule), stopping at it (no waiting) or not pulling the send each fails
// this.
func TestBaseFollowsLateSends(t *testing.T) {
	tests := []struct {
		name, text string
	}{
		{"receiver first", `
main fork w
main recv c v
main write x 1
main acquire l
main write y 1
main release l
w write z 1
w send c v
w acquire l
w read y 1
w release l
`},
		// Only a recorder's lines of synchronisation are stamped in a
		// global order: a read can come before the write it saw.
		{"read before its write", `
main fork w
w read x 1
w write y 1
main write x 1
`},
		// Waiting alone lets u take l while main waits for the send, and u
		// then needs main's write under l: the send is pulled forward.
		{"pulled send", `
main fork w
main fork u
main recv c v
main acquire l
main write y 1
main release l
u acquire l
u read y 1
u release l
w send c v
`},
		{"buffered, sender late", `
chan c : 1
main fork w
main recv c a
main recv c b
main write x 1
w send c a
w send c b
w write x 2
`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.text)
			x := encode.NewIndex(tr)
			base := NewBase(x, 1)
			n := 0
			for _, th := range tr.Threads {
				n += len(th.Events)
			}
			if base == nil || len(base.Steps) != n {
				t.Fatalf("the base takes %d of %d events", len(base.Steps), n)
			}
			if err := replay.Validate(tr, trace.BranchesImplicit, base.Steps); err != nil {
				t.Fatalf("the base is no execution: %v", err)
			}
		})
	}
}
