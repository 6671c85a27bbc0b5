// Command stacks calls its recorded functions in the shapes that a shadow
// stack of instrumented frames must get right (record's TestRecordStacks):
// a callback from the standard library (sort.Slice), recursion deeper
// than the frames kept, a panic recovered two frames up (the frames it
// unwound are gone afterwards), calls through an interface and a method
// value, a deferred call, and a goroutine.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type counter struct {
	mu sync.Mutex
	n  int
}

var c = &counter{}

func (k *counter) bump() {
	k.mu.Lock()
	k.n++
	k.mu.Unlock()
}

type bumper interface{ bump() }

func rec(d int) {
	if d == 0 {
		c.bump()
		return
	}
	rec(d - 1)
}

func mayPanic(x int) {
	c.n += x
	if x > 1 {
		panic("boom")
	}
}

func safe(x int) {
	defer func() {
		if r := recover(); r != nil {
			c.n--
		}
	}()
	mayPanic(x)
	c.n++
}

func viaIface(b bumper) { b.bump() }

func main() {
	xs := []int{3, 1, 2}
	sort.Slice(xs, func(i, j int) bool {
		c.n++
		return xs[i] < xs[j]
	})
	rec(3)
	rec(40)
	safe(1)
	safe(2)
	c.n++ // after the recover: main's own frame
	viaIface(c)
	f := c.bump
	f()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		rec(1)
	}()
	wg.Wait()
	defer func() { c.n++ }()
	fmt.Println(c.n)
}
