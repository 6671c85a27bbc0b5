package rt

import (
	"sync"
	"testing"
)

// BenchmarkAccesses measures the cost of recording memory accesses and
// lock operations from several goroutines (the recorder's hot path).
func BenchmarkAccesses(b *testing.B) {
	startRecording(b)
	type acct struct {
		mu  sync.Mutex
		bal int
	}
	a := &acct{}
	b.RunParallel(func(pb *testing.PB) {
		m := Enter() // as an instrumented function starts (rt_shadow.go)
		defer Leave(m)
		for pb.Next() {
			Lock(m, &a.mu, "acct.mu", "bench.go:1")
			v := Read(m, &a.bal, "acct.bal", "bench.go:2")
			Write(m, &a.bal, v+1, "acct.bal", "bench.go:3")
			Unlock(m, &a.mu, "acct.mu", "bench.go:4")
		}
	})
	Flush()
}

// BenchmarkIteration measures one iteration of bench/recorder's workload
// as the instrumented program makes it (a lock, two fields updated, a map
// written through a field, an unlock: ten events at seven sites), on one
// goroutine: the recorder's cost per event without the contention of the
// real workload, whose figures (bench/record.sh) it helps to explain.
// Like an instrumented function it pushes its frame on the goroutine's
// shadow stack first (rt_shadow.go), so its events find their stack
// there, and hands the mark Enter returns to its events (Mark.state).
func BenchmarkIteration(b *testing.B) {
	startRecording(b)
	m := Enter()
	defer Leave(m)
	type account struct {
		mu           sync.Mutex
		balance, ops int
		seen         map[int]int
	}
	a := &account{seen: map[int]int{}}
	n := b.N
	for i := 0; i < n; i++ {
		Read(m, &n, "n@", "main.go:46")
		Lock(m, &a.mu, "account.mu", "main.go:47")
		Write(m, &a.balance, Read(m, &a.balance, "account.balance", "main.go:48")+i%7, "account.balance", "main.go:48")
		Write(m, &a.ops, Read(m, &a.ops, "account.ops", "main.go:49")+1, "account.ops", "main.go:49")
		MapWrite(m, Read(m, &a.seen, "account.seen", "main.go:50"), i%100, 1, "main.go:50")
		Unlock(m, &a.mu, "account.mu", "main.go:51")
	}
	Flush()
}

// startRecording turns recording on for a test or benchmark, or skips
// it when recording is off: recording starts once per process, so the
// log of the first test or benchmark that asks is the process's.
func startRecording(tb testing.TB) {
	tb.Setenv("GPREDICT_RECORD_DIR", tb.TempDir())
	if !on() {
		tb.Skip("recording did not start (it starts once per process)")
	}
}

// BenchmarkMapInts measures a write and a read of a map of ints with keys
// and values past the small numbers Go boxes and formats without
// allocating: the calls' arguments are binary records, not text.
func BenchmarkMapInts(b *testing.B) {
	startRecording(b)
	m := map[int]int{}
	for i := 0; i < b.N; i++ {
		k := 1000 + i%1000
		MapWrite(Mark{}, m, k, i*1000, "main.go:1")
		MapRead(Mark{}, m, k, "main.go:2")
	}
	Flush()
}

// BenchmarkChanInts measures a send and a receive of an int past Go's
// small numbers on a buffered channel, one goroutine: six events whose
// values are binary records, not text.
func BenchmarkChanInts(b *testing.B) {
	startRecording(b)
	ch := make(chan int, 1)
	for i := 0; i < b.N; i++ {
		Send(ch, 1000+i, "main.go:1")
		Recv(ch, "main.go:2")
	}
	Flush()
}

// BenchmarkFloats measures a read and a write of a float64 field: binary
// records of the value's bits, not its shortest decimal form.
func BenchmarkFloats(b *testing.B) {
	startRecording(b)
	type point struct{ x float64 }
	p := &point{}
	for i := 0; i < b.N; i++ {
		Write(Mark{}, &p.x, Read(Mark{}, &p.x, "point.x", "main.go:1")+0.1, "point.x", "main.go:1")
	}
	Flush()
}

// BenchmarkCall measures what an instrumented function's entry and exit
// cost (the shadow stack's push and deferred pop, rt_shadow.go) beside
// one read of a field in it: a small function called in a loop, the
// price that code of many calls and few events pays. "walked" is the
// same read in a function without them, whose event walks the frame
// pointers instead (as every event did before shadow stacks).
func BenchmarkCall(b *testing.B) {
	startRecording(b)
	type box struct{ n int }
	x := &box{}
	b.Run("entered", func(b *testing.B) {
		defer Leave(Enter()) // the caller is instrumented too
		for i := 0; i < b.N; i++ {
			readEntered(&x.n)
		}
	})
	b.Run("walked", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			readWalked(&x.n)
		}
	})
	Flush()
}

//go:noinline
func readEntered(p *int) int {
	m := Enter()
	defer Leave(m)
	return Read(m, p, "box.n", "main.go:1")
}

//go:noinline
func readWalked(p *int) int { return Read(Mark{}, p, "box.n", "main.go:2") }

// BenchmarkSelect measures a select of instrumented code over two
// channels as the rewriter makes it (record/rewrite_go.go): its id from
// Select (the site's last set of channels, the common case), then the
// case it takes — a receive of an int (a binary record with its select=
// key) in one turn, the default (`default ID`) in the next; and apart,
// Select's common case alone and a default event alone.
func BenchmarkSelect(b *testing.B) {
	startRecording(b)
	site := &SelectSite{Site: "main.go:1", Cases: "rr", Default: true}
	x, y := make(chan int, 1), make(chan int, 1)
	b.Run("whole", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if i%2 == 0 {
				x <- i
			}
			id := Select(site, x, y)
			select {
			case v, ok := <-x:
				SelRecv(id, x, v, ok, "main.go:2")
			case v, ok := <-y:
				SelRecv(id, y, v, ok, "main.go:3")
			default:
				SelDefault(id, "main.go:4")
			}
		}
	})
	b.Run("id", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			Select(site, x, y)
		}
	})
	b.Run("default", func(b *testing.B) {
		id := Select(site, x, y)
		for i := 0; i < b.N; i++ {
			SelDefault(id, "main.go:4")
		}
	})
	Flush()
}
