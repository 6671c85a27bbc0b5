// Package panicking has a test that fails in every run: a goroutine
// sends on a channel the test closed before starting it (GoBench's
// grpc/1687 fails so). gpredict test names the panic and where.
package panicking

import "testing"

func TestSendAfterClose(t *testing.T) {
	ch := make(chan int, 1)
	close(ch)
	done := make(chan bool)
	go func() {
		defer close(done)
		ch <- 1 // panics: the channel is closed
	}()
	<-done
}
