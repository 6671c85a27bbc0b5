package smt

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/aclements/go-z3/z3"
)

// TestSolverIgnoresSIGINT sends a real SIGINT to the test process while
// a solver made by newSolver checks a hard formula (the pigeonhole
// principle for 12 pigeons in 11 holes), with the signal routed to Go
// (signal.Notify, as gpredict does). With Z3's own handler (ctrl_c left
// true) the Go runtime dies with "signal 2 received but handler not on
// signal stack"; here the signal must reach Go and the check must stop
// when the context is interrupted.
func TestSolverIgnoresSIGINT(t *testing.T) {
	configureZ3()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)

	ctx := z3.NewContext(nil)
	s := newSolver(ctx)
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
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-sig:
	case <-time.After(5 * time.Second):
		t.Fatal("SIGINT did not reach Go")
	}
	ctx.Interrupt()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the check did not stop after Interrupt")
	}
}
