package rt

import (
	"context"
	"sync"
	"time"
	"unsafe"
)

// Contexts. Cancelling a context happens before a receive from its Done
// channel returns because of it, and before its Err (or Cause) reports it.
// The cancel function that context.WithCancel (WithTimeout, WithDeadline
// and their Cause forms) returns to instrumented code is wrapped: its
// first call writes the volatile variable CTX.cancel (1). An observation
// — a receive that finds the Done channel closed, Err or Cause returning
// an error — reads the variable of the context whose cancel closed it:
// among the context and its ancestors, the one cancelled first. Read-write
// consistency then orders the observation after the cancel. A context
// that expired (its deadline) or was cancelled by code that is not
// instrumented has no recorded cancel: its observations read nothing. A
// context made done shares package context's one closed channel with
// every other such context (closedAlready): its maker observes instead.

type ctxState struct {
	parent    *ctxState
	name      string // CTX.cancel
	cancelled uint64 // order of its recorded cancel among all (0: none)
}

var ctxs = struct {
	mu     sync.Mutex
	clock  uint64
	byWord map[unsafe.Pointer]*ctxState
	keep   []context.Context // the contexts, kept alive: their address names them
}{byWord: map[unsafe.Pointer]*ctxState{}}

// ctxOf returns the state of ctx: the one made when it was created by
// instrumented code, else the one of its Done channel (a context that
// wraps another, such as WithValue's, shares its channel), else a new
// one without parent.
func ctxOf(ctx context.Context) *ctxState {
	if ctx == nil {
		return nil
	}
	w := dataWord(ctx)
	ctxs.mu.Lock()
	st := ctxs.byWord[w]
	ctxs.mu.Unlock()
	if st != nil {
		return st
	}
	if ch := ctx.Done(); ch != nil && !closedAlready(ch) {
		if c := chanOf(ch); c != nil {
			c.mu.Lock()
			st = c.ctx
			c.mu.Unlock()
			if st != nil {
				return st
			}
		}
	}
	return newCtx(ctx, nil)
}

// newCtx registers ctx (with its Done channel) and its parent's state.
func newCtx(ctx context.Context, parent *ctxState) *ctxState {
	st := &ctxState{parent: parent, name: objName(dataWord(ctx), "ctx") + ".cancel"}
	ctxs.mu.Lock()
	ctxs.byWord[dataWord(ctx)] = st
	ctxs.keep = append(ctxs.keep, ctx)
	ctxs.mu.Unlock()
	if ch := ctx.Done(); ch != nil && !closedAlready(ch) {
		if c := chanOf(ch); c != nil {
			c.mu.Lock()
			if c.ctx == nil {
				c.ctx = st
			}
			c.mu.Unlock()
		}
	}
	return st
}

// closedAlready reports whether ch, a Done channel, is closed already. A
// context made done (its parent cancelled, its deadline past) returns
// package context's one closed channel, which every such context shares,
// so the channel names none of them: a receive from it observes no
// cancel (recvEvent), where the first context to claim it made every
// later one's receive read that context's cancel — an order the run did
// not need, which could keep a goroutine at the receive in a schedule
// without that cancel (moby/33781's recording: a receive of its second
// context read ctx@2.cancel). The context's maker observes instead
// (madeDone). A Done channel is only ever closed, so a receive that does
// not wait tells, and takes nothing.
func closedAlready(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// madeDone: a context made done by its parent's cancel was made after
// that cancel, so its maker observes it, as a receive from its Done
// channel would have (closedAlready).
func madeDone(ctx context.Context, st *ctxState, site string) {
	if ch := ctx.Done(); ch != nil && closedAlready(ch) {
		withState(func(s *gstate) { st.observe(s, site) })
	}
}

// derived registers the context made by a With function from parent and
// wraps its cancel function; site is where it was made.
func derived(ctx, parent context.Context, cancel func(), site string) func() {
	if !on() {
		return cancel
	}
	st := newCtx(ctx, ctxOf(parent))
	madeDone(ctx, st, site)
	return func() {
		st.cancel(site)
		cancel()
	}
}

// cancel logs the first cancel of st, before the context is cancelled.
func (st *ctxState) cancel(site string) {
	ctxs.mu.Lock()
	first := st.cancelled == 0
	if first {
		ctxs.clock++
		st.cancelled = ctxs.clock
	}
	ctxs.mu.Unlock()
	if first {
		withState(func(s *gstate) {
			if markVolatile(st.name) {
				s.line("volatile " + st.name)
			}
			s.ev(site, opWrite, st.name, " 1")
		})
	}
}

// observe logs that the calling goroutine saw st done (s.mu held).
func (st *ctxState) observe(s *gstate, site string) {
	var by *ctxState
	ctxs.mu.Lock()
	for a := st; a != nil; a = a.parent {
		if a.cancelled != 0 && (by == nil || a.cancelled < by.cancelled) {
			by = a
		}
	}
	ctxs.mu.Unlock()
	if by != nil {
		s.ev(site, opRead, by.name, " 1")
	}
}

// CtxWithCancel is context.WithCancel.
func CtxWithCancel(parent context.Context, site string) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	return ctx, derived(ctx, parent, cancel, site)
}

// CtxWithTimeout is context.WithTimeout.
func CtxWithTimeout(parent context.Context, d time.Duration, site string) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(parent, d)
	return ctx, derived(ctx, parent, cancel, site)
}

// CtxWithDeadline is context.WithDeadline.
func CtxWithDeadline(parent context.Context, t time.Time, site string) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithDeadline(parent, t)
	return ctx, derived(ctx, parent, cancel, site)
}

// CtxWithTimeoutCause is context.WithTimeoutCause.
func CtxWithTimeoutCause(parent context.Context, d time.Duration, cause error, site string) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeoutCause(parent, d, cause)
	return ctx, derived(ctx, parent, cancel, site)
}

// CtxWithDeadlineCause is context.WithDeadlineCause.
func CtxWithDeadlineCause(parent context.Context, t time.Time, cause error, site string) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithDeadlineCause(parent, t, cause)
	return ctx, derived(ctx, parent, cancel, site)
}

// CtxWithCancelCause is context.WithCancelCause.
func CtxWithCancelCause(parent context.Context, site string) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	if !on() {
		return ctx, cancel
	}
	st := newCtx(ctx, ctxOf(parent))
	madeDone(ctx, st, site)
	return ctx, func(err error) {
		st.cancel(site)
		cancel(err)
	}
}

// CtxDone is ctx.Done(): the channel is noted as the context's, so that a
// receive that finds it closed observes the cancel.
func CtxDone(ctx context.Context, site string) <-chan struct{} {
	if on() {
		ctxOf(ctx)
	}
	return ctx.Done()
}

// CtxErr is ctx.Err(): an error observes the cancel.
func CtxErr(ctx context.Context, site string) error {
	err := ctx.Err()
	if err != nil && on() {
		st := ctxOf(ctx)
		withState(func(s *gstate) { st.observe(s, site) })
	}
	return err
}

// CtxCause is context.Cause.
func CtxCause(ctx context.Context, site string) error {
	err := context.Cause(ctx)
	if err != nil && on() {
		st := ctxOf(ctx)
		withState(func(s *gstate) { st.observe(s, site) })
	}
	return err
}
