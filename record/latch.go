package record

import (
	"sort"
	"strconv"
	"strings"
)

// A goroutine that the run leaves inside a WaitGroup's Wait has `enter
// void sync.WaitGroup.Wait()` as its last event, which says nothing of
// whether the Wait could ever return: Blocked took such a goroutine for
// one that finished (GoBench's moby/25384 leaves its goroutine so in
// every run). The collector writes `latchwait WG` after it
// (docs/trace-format.md, Latches) when no schedule of the trace's events
// can release it: the positive deltas of the goroutine's own Add calls
// of WG before the Wait exceed every decrement of WG in the whole trace
// (its Done calls and the negative deltas of its Adds). In any schedule
// the counter is then at least their difference from those Adds on, so
// it never reaches zero while the goroutine waits; Adds of other
// goroutines only raise it. Otherwise nothing is added, as before: the
// Wait might return in another schedule, or the run ended just as its
// last Done came.

// latches tallies the WaitGroup calls of a trace as the collector
// writes it.
type latches struct {
	// adds is the sum of the positive Add deltas, per thread and
	// WaitGroup, so far.
	adds map[[2]string]int
	// releases counts, per WaitGroup, its Done calls and the negative
	// deltas of its Adds, over the whole trace.
	releases map[string]int
	// left is, per thread whose last event so far enters a Wait, that
	// Wait.
	left map[string]latchWait
}

// latchWait is a Wait a goroutine entered: the WaitGroup, the sum of
// the goroutine's own Adds of it before, and the event's stack and site
// tokens.
type latchWait struct {
	wg   string
	adds int
	tail []string
}

func newLatches() *latches {
	return &latches{adds: map[[2]string]int{}, releases: map[string]int{}, left: map[string]latchWait{}}
}

// note takes event line f of thread th ("THREAD call void
// sync.WaitGroup.Add(int,int) target=WG args=N,COUNTER ...", rt_sync.go).
func (l *latches) note(th string, f []string) {
	delete(l.left, th)
	if len(f) < 5 || f[2] != "void" {
		return
	}
	wg, ok := strings.CutPrefix(f[4], "target=")
	if !ok {
		return
	}
	switch {
	case f[1] == "call" && f[3] == "sync.WaitGroup.Add(int,int)" && len(f) > 5:
		args, _ := strings.CutPrefix(f[5], "args=")
		d, _, _ := strings.Cut(args, ",")
		n, err := strconv.Atoi(d)
		switch {
		case err != nil:
		case n > 0:
			l.adds[[2]string{th, wg}] += n
		case n < 0:
			l.releases[wg] -= n
		}
	case f[1] == "call" && f[3] == "sync.WaitGroup.Done(int)":
		l.releases[wg]++
	case f[1] == "enter" && f[3] == "sync.WaitGroup.Wait()":
		l.left[th] = latchWait{wg: wg, adds: l.adds[[2]string{th, wg}], tail: f[5:]}
	}
}

// waits returns a `latchwait WG` event for each goroutine left in a Wait
// that no release of the trace can end, in thread order.
func (l *latches) waits() []string {
	var out []string
	for th, w := range l.left {
		if w.adds > l.releases[w.wg] {
			out = append(out, strings.Join(append([]string{th, "latchwait", w.wg}, w.tail...), " "))
		}
	}
	sort.Strings(out)
	return out
}
