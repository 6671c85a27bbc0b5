// Package chanpair is kubernetes/81091's shape: two workers take jobs
// from one channel, and in the run the first worker takes the first job
// and the second worker the second, which main sends after writing n.
// The second worker writes n after its receive, so in the run main's
// write happens before it (through the second send) and go test -race
// reports nothing. Both jobs are the same value: in another schedule the
// second worker takes the first job, and its write races with main's.
package chanpair

import (
	"sync"
	"testing"
	"time"
)

type job struct{}

func TestWorkers(t *testing.T) {
	jobs := make(chan job)
	var n int
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // the first worker: takes one job
		defer wg.Done()
		<-jobs
	}()
	go func() { // the second worker: takes one job and writes n
		defer wg.Done()
		// No synchronisation, so no order in the trace: the sleep
		// only makes the first worker take the first job in the run.
		time.Sleep(20 * time.Millisecond)
		<-jobs
		n = 2
	}()
	jobs <- job{}
	n = 1
	jobs <- job{}
	wg.Wait()
	_ = n
}
