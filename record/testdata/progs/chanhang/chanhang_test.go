// Package chanhang has a test that hangs in every run: a worker waits to
// receive a job nobody sends, and the test waits for the worker. It is
// recorded with -timeout, which ends it (gpredict test's TestGpredictTest:
// the run's own report names the waiting goroutines, and the Blocked end
// they are in is that report, not a second one); go test ./... of this
// module would hang ten minutes.
package chanhang

import (
	"sync"
	"testing"
)

func TestHang(t *testing.T) {
	jobs := make(chan int)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		<-jobs // nobody sends
	}()
	wg.Wait()
}
