package trace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestReadContextStops: a read whose context is done ends with the
// context's error, whether the reader is busy (a long file, read in many
// buffers) or waits (a named pipe whose writer writes nothing).
func TestReadContextStops(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "long.trace")
	var b strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&b, "T1 write x %d\n", i)
	}
	if err := os.WriteFile(long, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if tr, err := ReadContext(context.Background(), []string{long}, ""); err != nil || tr.NumEvents() != 20000 {
		t.Fatalf("ReadContext without a stop: %v", err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadContext(done, []string{long}, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("ReadContext of a long file, cancelled: %v, want context.Canceled", err)
	}

	fifo := filepath.Join(dir, "stalled.trace")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	// The writer end is opened (once the reader has opened its end) and
	// held, writing one line and then nothing, until the test ends.
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer w.Close()
		w.WriteString("T1 write x 1\n")
		<-release
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := ReadContext(ctx, []string{fifo}, "")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ReadContext of a stalled pipe: %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("ReadContext of a stalled pipe returned %s after it began, 100ms after its cancel", d)
	}
}
