package spec

import (
	"context"
	"errors"
	"testing"
)

// TestMatchContextStops: matching stops once its context is done, with
// the context's error, and matches as Match does while it is not.
func TestMatchContextStops(t *testing.T) {
	f, diags := Load("w.gp", []byte(`W(Object v) {
  event w before(Object v) : set(* *) && location(v);
  pattern: w(t1) || w(t2)
}`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	x := newTraceBuilder(t)
	const n = 3 * matchStopEvery
	for range n {
		x.write("T1", "x", "1")
	}
	tr := x.finish()
	p := f.Properties[0]
	evs, err := MatchContext(context.Background(), p, tr)
	if err != nil || len(evs[0]) != n {
		t.Fatalf("MatchContext: %d events, %v; want %d", len(evs[0]), err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if evs, err := MatchContext(ctx, p, tr); !errors.Is(err, context.Canceled) || len(evs[0]) >= n {
		t.Errorf("MatchContext, cancelled: %d events, %v; want fewer than %d, context.Canceled", len(evs[0]), err, n)
	}
}
