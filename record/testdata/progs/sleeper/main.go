// Command sleeper writes a variable from two goroutines, then sleeps an
// hour: record's TestRecordSignal terminates gpredict while it sleeps.
package main

import (
	"sync"
	"time"
)

var x int

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		x = 1
	}()
	wg.Wait()
	x = 2
	time.Sleep(time.Hour)
}
