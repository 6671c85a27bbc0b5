package rt

import (
	"context"
	"strings"
	"testing"
)

// TestDoneClosedAtCreation: contexts made done share package context's
// one closed channel. A receive from it observes no cancel — before, the
// first context to claim the channel made a later, unrelated context's
// receive read its cancel — and a context made done by its parent's
// cancel has its maker observe that cancel instead.
func TestDoneClosedAtCreation(t *testing.T) {
	startRecording(t)
	s := cur()
	logged := func(f func()) string {
		before := len(s.buf)
		f()
		return string(s.buf[before:])
	}
	expiredA, cancelA := CtxWithTimeout(context.Background(), -1, "c.go:1")
	cancelA() // a recorded cancel of the context that claimed the channel first, before the fix
	expiredB, cancelB := CtxWithTimeout(context.Background(), -1, "c.go:2")
	defer cancelB()
	if got := logged(func() { Recv(CtxDone(expiredB, "c.go:3"), "c.go:3") }); strings.Contains(got, ctxOf(expiredA).name) {
		t.Errorf("a receive from the second expired context's Done reads the first's cancel:\n%q", got)
	}
	parent, cancelParent := CtxWithCancel(context.Background(), "c.go:4")
	cancelParent()
	var cancelChild context.CancelFunc
	got := logged(func() { _, cancelChild = CtxWithCancel(parent, "c.go:5") })
	defer cancelChild()
	if !strings.Contains(got, " "+ctxOf(parent).name+" 1") {
		t.Errorf("the child of a cancelled context was made without observing the cancel:\n%q", got)
	}
}
