package leak

import (
	"sync"
	"testing"
)

// TestWaitGroupWaiter leaves a goroutine in a WaitGroup's Wait that no
// Done of the run can end (moby/25384's shape: it adds 2 and starts one
// goroutine that calls Done): the recorder writes a latchwait after the
// Wait's enter.
func TestWaitGroupWaiter(t *testing.T) {
	go func() {
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done() }()
		wg.Wait() // left here for ever
	}()
}

// TestWaitGroupReleased: the Wait of a goroutine that adds 1 while
// another adds 1 and calls Done twice returns in this run (the counter
// reaches zero), and is not reported.
func TestWaitGroupReleased(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Add(1)
		wg.Done()
		wg.Done()
	}()
	wg.Wait()
}
