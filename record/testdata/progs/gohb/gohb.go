// Package gohb holds one test per happens-before that the Go memory
// model or the standard library guarantees and real code relies on.
// `go test -race` accepts every one of them, and so must gpredict: a
// recording of these tests predicted with every property gives no
// report (cmd/gpredict TestRecordedGoOrders).
package gohb

import (
	"fmt"
	"net/http"
)

// box is what goroutines hand each other.
type box struct{ v int }

// resource is an object with a finalizer.
type resource struct{ data [32]int }

// initialized is written by the package initialiser and by init, both
// before any test starts.
var initialized = 5

func init() { initialized = 1 }

// counter is an HTTP handler of an instrumented type.
type counter struct{ hits int }

func (c *counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c.hits++
	fmt.Fprint(w, c.hits)
}
