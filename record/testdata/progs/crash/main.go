// Command crash forks a goroutine, and both log more events than one
// buffer holds; then the process kills itself. The recording holds what
// was written out before the kill; the events still buffered are lost.
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
