package greedy

import (
	"maps"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/tracegen"
	"gpredict/predict/closure"
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
		tr := tracegen.Random(r, tracegen.Config{Recorded: true, SharedWeight: k % 3, Threads: 2 + k%3})
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
	return ""
}
