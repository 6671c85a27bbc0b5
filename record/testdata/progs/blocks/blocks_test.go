// Package blocks has a test that deadlocks in every run: two goroutines
// take two locks in opposite orders, a channel making sure that each
// holds its first lock when it asks for the second. It is recorded with
// -timeout, which ends it (record's TestRecordBlocked, gpredict test's
// script test); go test ./... of this module would hang ten minutes.
package blocks

import (
	"sync"
	"testing"
)

func TestDeadlock(t *testing.T) {
	var a, b sync.Mutex
	var wg sync.WaitGroup
	step := make(chan bool)
	wg.Add(2)
	go func() {
		defer wg.Done()
		a.Lock()
		step <- true
		b.Lock()
	}()
	go func() {
		defer wg.Done()
		b.Lock()
		<-step
		a.Lock()
	}()
	wg.Wait()
}
