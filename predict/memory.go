package predict

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/KimMachineGun/automemlimit/memlimit"

	"gpredict/predict/smt"
)

// DefaultMemoryBudget is the memory budget of a run that sets none: half
// of the memory the process may use — the machine's physical memory, or
// its memory cgroup's limit when that is lower (a container, a CI job,
// systemd-run -p MemoryMax) — so that a run never pushes the machine into
// swapping, nor its cgroup into the kernel's OOM killer, with room left
// for the rest of it; 4 GiB where neither can be read. Z3's memory grows
// past the budget by what one check holds before the watch sees it, which
// is why the budget is half and not all.
func DefaultMemoryBudget() int64 {
	return defaultBudget(memlimit.FromSystem, memlimit.FromCgroup)
}

// defaultBudget is DefaultMemoryBudget over the readers of the physical
// memory and of the cgroup's limit (a test's fakes): either may fail, the
// cgroup's with memlimit.ErrNoLimit when it sets none.
func defaultBudget(system, cgroup func() (uint64, error)) int64 {
	total := uint64(0)
	if n, err := system(); err == nil && n > 0 {
		total = n
	}
	if n, err := cgroup(); err == nil && n > 0 && (total == 0 || n < total) {
		total = n
	}
	if total == 0 || total > math.MaxInt64 {
		return 4 << 30
	}
	return int64(total / 2)
}

// bytesPerAtom is what one order atom of a problem costs, in Go's heap
// and in Z3's once a stage asserts it: 167 bytes of Go's heap on the
// full problem of the 10K-event lock-heavy member with values (172K
// atoms, 27 MiB live), and Z3's own estimate of its memory reached 2.1
// GB on the 100K member while the near checks asserted problems bounded
// at 2.3 million atoms, so about 900 bytes there.
const bytesPerAtom = 1024

// MaxAtomsWithin is the bound on one problem's order atoms
// (encode.Limits.MaxAtoms) under budget with workers deciding at once
// (gpredict query: one):
// each worker may hold the problem it shares across candidates and the
// one it is building, and Z3 a lowered copy, so one problem gets at most
// a quarter of the worker's share of the budget.
func MaxAtomsWithin(budget int64, workers int) int {
	return int(max(1, min(budget/int64(4*max(1, workers)*bytesPerAtom), math.MaxInt32))) // 0 would be no bound
}

// memoryWatch keeps a run within its memory budget. Every tenth of a
// second it reads the process's resident memory (Go's heap and Z3's, which
// Go's collector does not see); once it passes the budget the run is
// tight: the collector returns what it can to the system, the workers
// drop their solver state, and the ladder runs no more solver stages —
// the candidates they would have decided are unknown, with the budget as
// the reason. Go's collector is also given a soft limit below the budget
// (softLimit), so that it works harder before the budget is reached, and
// a lower GOGC while the live heap is large (gcPacer).
type memoryWatch struct {
	budget int64
	// prevLimit is the collector's soft limit before the watch, restored
	// when it stops (the limit is the process's, and a test may run
	// several engines one after the other).
	prevLimit int64
	pacer     *gcPacer
	tight     atomic.Bool
	peak      atomic.Int64
	done      chan struct{}
	// stopped closes when the watching goroutine has ended: the pacer
	// is its own, and is stopped by it.
	stopped chan struct{}
	// mallocFree and trimMalloc are smt.MallocFree and smt.TrimMalloc
	// (a test's fakes); samples counts the samples taken (the watching
	// goroutine's).
	mallocFree func() int64
	trimMalloc func()
	// freeOS is debug.FreeOSMemory (a test's fake).
	freeOS  func()
	samples int
	// over, if set, is called once, by the watching goroutine, when the
	// resident memory is past the budget even after a collection
	// (WatchMemoryThen); resident is residentMemory (a test's fake).
	over     func()
	resident func() int64
	// confirm has over wait for a second sample in a row past the
	// budget (the run's watch, watchMemoryUntil): the first makes the
	// run tight, and its workers then drop their solver state at their
	// next candidate, which a collection does not give back; pastBefore
	// says the sample before was past the budget.
	confirm    bool
	pastBefore bool
}

// mallocSlack is how much free C memory the watch lets malloc keep:
// every trimEvery samples (two seconds), malloc gives back what it holds
// free past it. Z3's contexts come and go, and glibc keeps what a freed
// one held resident for the next: on the lock-heavy STD member of 100K
// events 40 to 120 MB of the run's resident memory, more than Z3 used
// at any time (docs/engine.md, Memory).
const (
	mallocSlack = 32 << 20
	trimEvery   = 20
)

// watchMemory starts watching (budget ≤ 0: no budget, nothing watched).
func watchMemory(budget int64) *memoryWatch { return watchMemoryThen(budget, nil) }

// watchMemoryThen is watchMemory, calling over once the resident memory
// stays past the budget after a collection.
func watchMemoryThen(budget int64, over func()) *memoryWatch {
	return newMemoryWatch(budget, over).start()
}

// newMemoryWatch is a watch of budget calling over, not started.
func newMemoryWatch(budget int64, over func()) *memoryWatch {
	return &memoryWatch{budget: budget, done: make(chan struct{}), stopped: make(chan struct{}),
		mallocFree: smt.MallocFree, trimMalloc: smt.TrimMalloc, freeOS: debug.FreeOSMemory,
		over: over, resident: residentMemory}
}

// start begins watching w (its budget ≤ 0: nothing watched).
func (w *memoryWatch) start() *memoryWatch {
	if w.budget <= 0 {
		return w
	}
	w.prevLimit = debug.SetMemoryLimit(softLimit(w.budget))
	w.pacer = newGCPacer()
	w.sample()
	go func() {
		defer close(w.stopped)
		defer w.pacer.stop()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-tick.C:
				w.sample()
			}
		}
	}()
	return w
}

// watchMemoryUntil is the run's watch (Run): watchMemoryThen whose over
// waits for a second sample in a row past the budget (confirm), so that
// the solver memory the tight run drops is not taken for what the run
// must hold. resident, if not nil, stands in for residentMemory (a
// test's fake).
func watchMemoryUntil(budget int64, over func(), resident func() int64) *memoryWatch {
	w := newMemoryWatch(budget, over)
	w.confirm = true
	if resident != nil {
		w.resident = resident
	}
	return w.start()
}

// softLimit is the soft limit Go's collector is given under budget: an
// eighth below it. The resident memory the watch compares with the
// budget is more than the collector counts — Z3's memory, and pages the
// collector has freed but the system not yet taken back — so with the
// budget itself as the limit, the resident memory would pass the budget
// (and the solver stages stop) while the collector still saw room.
func softLimit(budget int64) int64 { return budget - budget/8 }

// sample reads the resident memory once.
func (w *memoryWatch) sample() {
	w.pacer.adjust()
	if w.samples++; w.samples%trimEvery == 0 {
		w.trim()
	}
	resident := w.resident
	if resident == nil {
		resident = residentMemory
	}
	rss := resident()
	if rss > w.peak.Load() {
		w.peak.Store(rss)
	}
	if rss <= w.budget {
		w.pastBefore = false
		return
	}
	due := w.over != nil && (!w.confirm || w.pastBefore)
	w.pastBefore = true
	// One collection serves both: the first time past the budget, and
	// over's question of what a collection cannot give back.
	if first := !w.tight.Swap(true); first || due {
		runtime.GC()
		debug.FreeOSMemory()
	}
	if !due {
		return
	}
	if w.confirm {
		w.trimMalloc() // the solvers' memory the workers have dropped
	}
	if resident() > w.budget {
		w.over()
		w.over = nil
	}
}

// trim gives malloc's free memory back when it holds more than
// mallocSlack.
func (w *memoryWatch) trim() {
	if w.mallocFree() > mallocSlack {
		w.trimMalloc()
	}
}

// settle ends a run whose collector the pacer keeps close to its live
// heap (GOGC below 100): a collection now, once the run's facts are
// garbage, and malloc's free memory given back. Without it, GOGC given
// back to 100 let the heap grow to twice what the run had live at its
// last collection — the facts included — before the next one, while the
// reports were written: on the 1M member the resident memory went from
// 0.89 GB during the run to 1.13 GB just after it. Small runs, which the
// pacer leaves at 100, pay nothing.
func (w *memoryWatch) settle() {
	if w.pacer == nil || w.pacer.paced() >= 100 {
		return
	}
	w.freeOS()
	w.trim()
}

// Tight reports whether the budget has been reached.
func (w *memoryWatch) Tight() bool { return w.tight.Load() }

// Reason is why a candidate is unknown once the budget is reached.
func (w *memoryWatch) Reason() string {
	return fmt.Sprintf("the memory budget (%s, --memory) was reached, so the solver stages no longer run", formatBytes(w.budget))
}

// stop ends the watch.
func (w *memoryWatch) stop() {
	select {
	case <-w.done:
	default:
		close(w.done)
		if w.budget > 0 {
			<-w.stopped
			debug.SetMemoryLimit(w.prevLimit)
		}
	}
}

// residentMemory is the process's resident set (from /proc/self/statm on
// Linux), else the memory Go's runtime has from the system.
func residentMemory() int64 {
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) > 1 {
			if pages, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				return pages * int64(os.Getpagesize())
			}
		}
	}
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// formatBytes writes n in the largest binary unit that keeps a digit
// before the point.
func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return strconv.FormatFloat(float64(n)/(1<<30), 'f', 1, 64) + " GiB"
	case n >= 1<<20:
		return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
	}
	return strconv.FormatInt(n>>10, 10) + " KiB"
}
