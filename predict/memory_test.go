package predict

import (
	"bytes"
	"context"
	"errors"
	"math"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/KimMachineGun/automemlimit/memlimit"

	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

// Once the memory budget is reached, the candidates that only the solver
// stages decide are unknown with the budget as the reason, and the ones
// the stages before settle are still decided: on a member of the
// lock-heavy family, with a budget the process passes at once (one byte)
// and with none. The resident memory is a fake that falls back within
// the budget after the first sample: past it for good, the run would also
// stop forming candidates (TestFormingStopsAtBudget).
func TestMemoryBudget(t *testing.T) {
	tr := lockHeavy300(t)
	run := func(budget int64) *Result {
		var samples atomic.Int64
		resident := func() int64 {
			if samples.Add(1) == 1 {
				return 2 // past the one-byte budget: the run is tight
			}
			return 0
		}
		res, err := Run(context.Background(), tr, []PropertyInput{race(tr)}, Options{Jobs: 2, All: true, MemoryBudget: budget, resident: resident})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	free, tight := run(0), run(1)
	byBudget := 0
	for _, u := range tight.Unknown {
		if !strings.Contains(u.Reason, "memory budget") {
			t.Errorf("unknown for another reason than the budget: %s", u.Reason)
		}
		byBudget++
	}
	for _, u := range free.Unknown {
		if strings.Contains(u.Reason, "memory budget") {
			t.Errorf("without a budget, unknown because of one: %s", u.Reason)
		}
	}
	if byBudget == 0 {
		t.Fatal("no candidate was left to the solver stages: the test checks too little")
	}
	if len(tight.Violations) == 0 || len(tight.Violations)+byBudget < len(free.Violations) {
		t.Errorf("with the budget reached, %d violations and %d unknown; without, %d violations", len(tight.Violations), byBudget, len(free.Violations))
	}
}

// lockHeavy300 is a member of the lock-heavy family of about 300 events
// (seed 3): enough candidates that some reach the solver stages.
func lockHeavy300(t *testing.T) *trace.Trace {
	t.Helper()
	return lockHeavy(t, 300)
}

// lockHeavy is a lock-heavy trace of about n events (seed 3).
func lockHeavy(t *testing.T, n int) *trace.Trace {
	t.Helper()
	var text bytes.Buffer
	if err := tracegen.WriteLocks(&text, nil, tracegen.DefaultLocks(), n, 3); err != nil {
		t.Fatal(err)
	}
	return testtrace.Text(t, text.String())
}

// TestMemoryWatchSoftLimit: while a run watches its budget, Go's
// collector works to stay an eighth below it, and the limit from before
// the run comes back after it.
func TestMemoryWatchSoftLimit(t *testing.T) {
	const budget = 64 << 30 // far above what the test process uses: never tight
	before := debug.SetMemoryLimit(-1)
	w := watchMemory(budget)
	got := debug.SetMemoryLimit(-1)
	w.stop()
	if want := int64(budget - budget/8); got != want {
		t.Errorf("soft limit %d during the run, want %d", got, want)
	}
	if after := debug.SetMemoryLimit(-1); after != before {
		t.Errorf("soft limit %d after the run, want %d as before it", after, before)
	}
	if w.Tight() {
		t.Error("tight under a budget far above the process")
	}
}

// TestMemoryWatchTrimsMalloc: every trimEvery samples the watch has
// malloc give back its free memory, when it holds more than mallocSlack.
func TestMemoryWatchTrimsMalloc(t *testing.T) {
	for _, tc := range []struct {
		free  int64
		want  int
		title string
	}{
		{mallocSlack + 1, 2, "past the slack"},
		{mallocSlack, 0, "at the slack"},
		{-1, 0, "unknown (off glibc)"},
	} {
		trims := 0
		w := &memoryWatch{pacer: &gcPacer{}, budget: 64 << 30,
			mallocFree: func() int64 { return tc.free }, trimMalloc: func() { trims++ }}
		for range 2*trimEvery + trimEvery/2 {
			w.sample()
		}
		if trims != tc.want {
			t.Errorf("%s: %d trims in %d samples, want %d", tc.title, trims, 2*trimEvery+trimEvery/2, tc.want)
		}
	}
}

// TestMemoryWatchSettles: a run whose collector the pacer kept below
// GOGC 100 ends with a collection given back to the system (settle); one
// left at Go's default, or whose GOGC the user set, does not.
func TestMemoryWatchSettles(t *testing.T) {
	for _, tc := range []struct {
		title string
		pacer *gcPacer
		want  int
	}{
		{"paced to 25", &gcPacer{on: true, percent: 25}, 1},
		{"left at 100", &gcPacer{on: true, percent: 100}, 0},
		{"GOGC set by the user", &gcPacer{on: false, percent: 25}, 0},
		{"no budget (no pacer)", nil, 0},
	} {
		freed := 0
		w := &memoryWatch{pacer: tc.pacer, freeOS: func() { freed++ },
			mallocFree: func() int64 { return 0 }, trimMalloc: func() {}}
		w.settle()
		if freed != tc.want {
			t.Errorf("%s: %d collections, want %d", tc.title, freed, tc.want)
		}
	}
}

// TestMemoryWatchOver: the watch calls over once, when the resident
// memory is past the budget after a collection, and never while it is
// within it.
func TestMemoryWatchOver(t *testing.T) {
	for _, tc := range []struct {
		title    string
		resident []int64 // successive readings
		want     int
		confirm  bool
		trims    int // malloc trims before the second look (confirm only)
	}{
		{"within", []int64{10, 20, 30, 40}, 0, false, 0},
		{"past, then given back by the collection", []int64{200, 50, 60, 70}, 0, false, 0},
		{"past, and still after the collection", []int64{200, 150, 300, 300}, 1, false, 0},
		// The run's watch (watchMemoryUntil) asks a second sample in a
		// row, and trims malloc before its second look: a sample takes
		// one reading, two when past and due.
		{"confirm: past once, then within", []int64{200, 50, 60, 70}, 0, true, 0},
		{"confirm: past, within, past: not in a row", []int64{200, 50, 200, 300}, 0, true, 0},
		{"confirm: past twice in a row", []int64{200, 300, 300, 300}, 1, true, 1},
		{"confirm: past twice, the second time freed by the trim", []int64{200, 300, 50, 60}, 0, true, 1},
	} {
		calls, trims, k := 0, 0, 0
		w := &memoryWatch{pacer: &gcPacer{}, budget: 100, confirm: tc.confirm,
			mallocFree: func() int64 { return 0 }, trimMalloc: func() { trims++ },
			over: func() { calls++ },
			resident: func() int64 {
				r := tc.resident[min(k, len(tc.resident)-1)]
				k++
				return r
			}}
		for range 3 {
			w.sample()
		}
		if calls != tc.want || trims != tc.trims {
			t.Errorf("%s: over called %d times and malloc trimmed %d, want %d and %d", tc.title, calls, trims, tc.want, tc.trims)
		}
	}
}

// The default budget is half of the physical memory, or of the memory
// cgroup's limit when that is lower: a run in a container of 6 GB on a
// machine of 24 GB that took 12 GB as its budget was killed by the
// kernel before its budget ever acted (docs/engine.md, Memory).
func TestDefaultBudgetHeedsCgroup(t *testing.T) {
	const gib = 1 << 30
	noLimit := func() (uint64, error) { return 0, memlimit.ErrNoLimit }
	unreadable := func() (uint64, error) { return 0, errors.New("no /proc/meminfo") }
	size := func(n uint64) func() (uint64, error) { return func() (uint64, error) { return n, nil } }
	tests := []struct {
		name           string
		system, cgroup func() (uint64, error)
		want           int64
	}{
		{"no cgroup limit", size(24 * gib), noLimit, 12 * gib},
		{"a lower cgroup limit", size(24 * gib), size(6 * gib), 3 * gib},
		{"a cgroup limit past the machine", size(24 * gib), size(64 * gib), 12 * gib},
		{"only the cgroup's", unreadable, size(6 * gib), 3 * gib},
		{"neither", unreadable, noLimit, 4 * gib},
		{"cgroup v1's no limit", size(24 * gib), size(math.MaxUint64), 12 * gib},
	}
	for _, tc := range tests {
		if got := defaultBudget(tc.system, tc.cgroup); got != tc.want {
			t.Errorf("%s: budget %d, want %d", tc.name, got, tc.want)
		}
	}
}
