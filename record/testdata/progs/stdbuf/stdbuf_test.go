// Package stdbuf shares standard-library buffers between goroutines. In
// TestRacy a goroutine writes a log's bytes.Buffer (a method,
// fmt.Fprintf and a method value) while the test reads it with String, with nothing between
// them: a race on the buffer (go test -race reports it). The other tests
// order their accesses, by a mutex, a channel, a WaitGroup and a deferred
// call, so there is no race (-race agrees).
package stdbuf

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
)

type logger struct {
	out bytes.Buffer
}

func TestRacy(t *testing.T) {
	l := &logger{}
	done := make(chan bool)
	go func() {
		l.out.WriteString("started ")
		fmt.Fprintf(&l.out, "%d", 1)
		end := l.out.WriteByte
		end('\n')
		done <- true
	}()
	_ = l.out.String() // nothing orders it with the goroutine's writes
	<-done
}

type lockedLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func TestLocked(t *testing.T) {
	l := &lockedLog{}
	done := make(chan bool)
	go func() {
		l.mu.Lock()
		fmt.Fprintln(&l.buf, "from the goroutine")
		l.mu.Unlock()
		done <- true
	}()
	l.mu.Lock()
	_ = l.buf.Len()
	l.mu.Unlock()
	<-done
}

func TestChannel(t *testing.T) {
	var b bytes.Buffer
	ready := make(chan bool)
	go func() {
		b.WriteByte('x')
		b.Write([]byte("yz"))
		ready <- true
	}()
	<-ready
	if got, _ := b.ReadString('y'); got != "xy" {
		t.Errorf("read %q", got)
	}
}

func TestBuilderWaitGroup(t *testing.T) {
	var sb strings.Builder
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fmt.Fprint(&sb, "a", 1)
		sb.WriteRune('é')
	}()
	wg.Wait()
	if sb.Len() == 0 || sb.String() != "a1é" {
		t.Errorf("built %q", sb.String())
	}
}

// TestDeferred: a deferred Reset runs when the goroutine returns, after
// its receive, so the test's read before the send is ordered before it.
func TestDeferred(t *testing.T) {
	b := new(bytes.Buffer)
	b.WriteString("kept")
	release := make(chan bool)
	done := make(chan bool)
	go func() {
		defer func() { done <- true }()
		defer b.Reset()
		<-release
	}()
	if b.String() != "kept" {
		t.Error("reset early")
	}
	release <- true
	<-done
}
