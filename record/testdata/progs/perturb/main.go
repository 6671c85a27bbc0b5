// Command perturb runs rounds of two goroutines started one after the
// other, each taking the round's lock once: which of the two takes it
// first is the schedule's choice. On one processor, without
// perturbation, the second always does (a new goroutine takes the
// runnext slot, and the first waits behind it until the parent blocks);
// record's TestPerturbation checks that a perturbed recording lets the
// first go first in some rounds.
package main

import (
	"runtime"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	for i := 0; i < 24; i++ {
		var mu sync.Mutex
		var wg sync.WaitGroup
		wg.Add(2)
		for j := 0; j < 2; j++ {
			go func() {
				defer wg.Done()
				mu.Lock()
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
}
