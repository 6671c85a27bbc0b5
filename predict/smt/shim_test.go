package smt

import (
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aclements/go-z3/z3"
)

// TestSolverIgnoresSIGINT sends a real SIGINT to the test process while
// a go-z3 solver checks a hard formula (the pigeonhole principle for 12
// pigeons in 11 holes), with the signal routed to Go (signal.Notify, as
// gpredict does), then again after a second check has ended. With Z3's
// own handler (shim.go's signal() passing SIGINT on to libc) the first
// signal goes to Z3, not Go, and the test fails ("SIGINT during a check
// did not reach Go"; checked by hand); once Z3 has put Go's handler back
// without SA_ONSTACK, the runtime can also die of a later signal ("signal
// 2 received but handler not on signal stack") when it lands on a
// goroutine's stack, which the second signal only sometimes shows. Both
// signals must reach Go and the check must stop when the context is
// interrupted.
func TestSolverIgnoresSIGINT(t *testing.T) {
	configureZ3()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)

	ctx := z3.NewContext(nil)
	s := z3.NewSolver(ctx)
	const holes = 11
	p := make([][]z3.Bool, holes+1)
	for i := range p {
		p[i] = make([]z3.Bool, holes)
		for j := range p[i] {
			p[i][j] = ctx.BoolConst(fmt.Sprintf("p%d_%d", i, j))
		}
		s.Assert(p[i][0].Or(p[i][1:]...))
	}
	for j := 0; j < holes; j++ {
		for a := range p {
			for b := a + 1; b < len(p); b++ {
				s.Assert(p[a][j].And(p[b][j]).Not())
			}
		}
	}
	done := make(chan struct{})
	start := time.Now()
	go func() {
		s.Check()
		close(done)
	}()
	time.Sleep(300 * time.Millisecond)
	select {
	case <-done:
		t.Skipf("the formula was solved in %s, before the signal could be sent", time.Since(start))
	default:
	}
	sendSIGINT(t, sig, "during a check")
	ctx.Interrupt()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the check did not stop after Interrupt")
	}
	// A check that ends by itself: whatever it did to SIGINT's handler is
	// still there for the next signal.
	small := z3.NewSolver(ctx)
	small.Assert(p[0][0])
	if sat, err := small.Check(); !sat || err != nil {
		t.Fatalf("a one-literal check: sat=%v err=%v", sat, err)
	}
	sendSIGINT(t, sig, "after a check")
}

// sendSIGINT sends SIGINT to the test process and fails t unless Go's
// handler passes it to sig within 5 s.
func sendSIGINT(t *testing.T, sig <-chan os.Signal, when string) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-sig:
	case <-time.After(5 * time.Second):
		t.Fatalf("SIGINT %s did not reach Go", when)
	}
}

// TestZ3KeepsOneArena makes Z3 contexts on eight OS threads at once and
// checks that malloc still has one arena (oneArena in shim.go): with glibc's
// default each thread's first allocation gets an arena of its own, and
// the test fails (8 or 9 arenas, checked by hand with oneArena a
// no-op).
func TestZ3KeepsOneArena(t *testing.T) {
	configureZ3()
	if mallocArenas() < 0 {
		t.Skip("malloc_info is glibc's")
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread() // a thread of its own, as a worker's calls may be
			defer runtime.UnlockOSThread()
			<-start
			ctx := z3.NewContext(nil)
			s := z3.NewSolver(ctx)
			x, y := ctx.IntConst("x"), ctx.IntConst("y")
			s.Assert(x.LT(y))
			if _, err := s.Check(); err != nil {
				t.Error(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if n := mallocArenas(); n != 1 {
		t.Errorf("malloc has %d arenas after Z3 ran on 8 threads, want 1", n)
	}
}
