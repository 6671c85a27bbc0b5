// Command deadlock blocks for good: its goroutines wait on a channel
// nobody sends on and on a lock main holds, and the Go runtime ends it
// with "fatal error: all goroutines are asleep - deadlock!".
package main

import "sync"

func main() {
	var mu sync.Mutex
	never := make(chan int)
	mu.Lock()
	go func() {
		mu.Lock()
	}()
	<-never
}
