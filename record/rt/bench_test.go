package rt

import (
	"os"
	"sync"
	"testing"
)

// BenchmarkAccesses measures the cost of recording memory accesses and
// lock operations from several goroutines (the recorder's hot path).
func BenchmarkAccesses(b *testing.B) {
	dir := b.TempDir()
	os.Setenv("GPREDICT_RECORD_DIR", dir)
	if !on() {
		b.Skip("recording did not start")
	}
	type acct struct {
		mu  sync.Mutex
		bal int
	}
	a := &acct{}
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Lock(&a.mu, "acct.mu", "bench.go:1")
			v := Read(&a.bal, "acct.bal", "bench.go:2")
			Write(&a.bal, v+1, "acct.bal", "bench.go:3")
			Unlock(&a.mu, "acct.mu", "bench.go:4")
		}
	})
	Flush()
}
