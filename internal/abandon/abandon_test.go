package abandon

import (
	"context"
	"testing"
	"time"
)

// TestRun: Run returns f's result when f ends first, and returns at once
// when its context is done first, whether before the call or during f.
func TestRun(t *testing.T) {
	if got, ok := Run(nil, func() int { return 7 }); !ok || got != 7 {
		t.Errorf("Run = %d, %v; want 7, true", got, ok)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	ran := make(chan struct{}, 1)
	if _, ok := Run(done.Done(), func() int { ran <- struct{}{}; return 7 }); ok {
		t.Error("Run with a done context returned f's result")
	}
	select {
	case <-ran:
		t.Error("Run with a done context ran f")
	default:
	}

	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	time.AfterFunc(10*time.Millisecond, cancel)
	start := time.Now()
	if _, ok := Run(ctx.Done(), func() int { <-release; return 7 }); ok {
		t.Error("Run returned the result of an f that never ends")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run returned %s after it began, 10ms after its cancel", d)
	}
}
