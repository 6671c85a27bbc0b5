// Package namedresult has named results that a goroutine writes:
// returning reads them, after the function's deferred calls (GoBench's
// moby/18412 races so). In racy the read races with the goroutine's
// write; in ordered a deferred receive waits for the goroutine first, so
// there is no race (go test -race agrees on both).
package namedresult

import "testing"

func racy(done chan bool) (code int) {
	go func() {
		code = 1
		done <- true
	}()
	return // reads code while the goroutine may write it
}

func ordered() (status int) {
	done := make(chan bool)
	go func() {
		status = 1
		done <- true
	}()
	defer func() { <-done }() // runs before the return reads status
	return
}

func TestRacy(t *testing.T) {
	done := make(chan bool)
	_ = racy(done)
	<-done
}

func TestOrdered(t *testing.T) {
	if ordered() != 1 {
		t.Error("ordered returned before its goroutine's write")
	}
}
