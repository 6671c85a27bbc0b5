// Command crash forks a goroutine, and both log more events than one
// chunk of the log holds; then the process kills itself (SIGKILL). The
// recording holds every event up to the kill where the log is a mapped
// file (Linux), what was written out before it elsewhere.
package main

import (
	"os"
	"syscall"
)

var counter, other int

func main() {
	done := make(chan bool)
	go func() {
		for i := 0; i < 5000; i++ {
			other++
		}
		done <- true
	}()
	for i := 0; i < 5000; i++ {
		counter++
	}
	<-done
	counter = -1
	syscall.Kill(os.Getpid(), syscall.SIGKILL)
}
