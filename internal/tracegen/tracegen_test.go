package tracegen

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// The simulated interleaving of every generated trace is a feasible
// schedule of it under both branch models: values are consistent with a
// real execution, every wait completes, locks and fork/join are obeyed.
func TestSimulatedScheduleIsFeasible(t *testing.T) {
	for seed := int64(0); seed < 3000; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr, sched := generate(r, Config{})
		checkFeasible(t, seed, tr, sched)
	}
}

// With channels, too: a sender waits for the capacity of the receives,
// receives take the oldest value, the zero value after a close.
func TestChannelScheduleIsFeasible(t *testing.T) {
	kinds := map[trace.Op]int{}
	blocked := 0
	for seed := int64(0); seed < 2000; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr, sched := generate(r, Config{Chans: 1 + int(seed%2), WaitWeight: 2, LockKinds: seed%3 == 0})
		checkFeasible(t, seed, tr, sched)
		for _, th := range tr.Threads {
			for _, e := range th.Events {
				kinds[e.Op]++
			}
			if n := len(th.Events); n > 0 && th.Events[n-1].Op == trace.OpSend {
				blocked++
			}
		}
	}
	for _, op := range []trace.Op{trace.OpSend, trace.OpRecv, trace.OpRecvClosed, trace.OpClose} {
		if kinds[op] < 50 {
			t.Errorf("only %d %s events in 2000 traces", kinds[op], op)
		}
	}
	if blocked < 50 {
		t.Errorf("only %d threads end in a send", blocked)
	}
}

// With UnheldNotifyWeight, threads notify locks they do not hold, and the
// simulated interleaving stays feasible (such a notify may wake a waiter).
func TestUnheldNotify(t *testing.T) {
	unheld := 0
	for seed := int64(0); seed < 1000; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr, sched := generate(r, Config{UnheldNotifyWeight: 2, WaitWeight: 2})
		checkFeasible(t, seed, tr, sched)
		for _, th := range tr.Threads {
			held := map[trace.Sym]int{}
			for _, e := range th.Events {
				switch e.Op {
				case trace.OpAcquire:
					held[e.Obj]++
				case trace.OpRelease:
					held[e.Obj]--
				case trace.OpNotify, trace.OpNotifyAll:
					if held[e.Obj] <= 0 {
						unheld++
					}
				}
			}
		}
	}
	if unheld == 0 {
		t.Fatal("no notify of a lock not held in 1000 traces")
	}
}

// checkFeasible fails the test unless sched schedules every step of tr
// and is feasible under both branch models.
func checkFeasible(t *testing.T, seed int64, tr *trace.Trace, sched []replay.Step) {
	t.Helper()
	if got, want := len(sched), countSteps(tr); got != want {
		t.Fatalf("seed %d: schedule has %d steps, trace %d", seed, got, want)
	}
	for _, m := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
		if err := replay.Validate(tr, m, sched); err != nil {
			t.Fatalf("seed %d (%s): %v", seed, m, err)
		}
	}
}

// countSteps is the number of schedule steps of the whole trace.
func countSteps(tr *trace.Trace) int {
	n := 0
	for _, th := range tr.Threads {
		for _, e := range th.Events {
			n++
			if e.Op == trace.OpWait {
				n += 2
			}
		}
	}
	return n
}

// Over many seeds the generator produces every feature the differential
// tests rely on.
func TestFeatureCoverage(t *testing.T) {
	seen := map[string]int{}
	r := rand.New(rand.NewSource(1))
	var sizes []int
	for i := 0; i < 2000; i++ {
		tr := Random(r, Config{})
		sizes = append(sizes, tr.NumEvents())
		for _, th := range tr.Threads {
			depth := map[trace.Sym]int{}
			for _, e := range th.Events {
				seen[e.Op.String()]++
				switch e.Op {
				case trace.OpAcquire:
					depth[e.Obj]++
					if depth[e.Obj] > 1 {
						seen["re-entrant"]++
					}
					if len(nonzero(depth)) > 1 {
						seen["nested"]++
					}
				case trace.OpRelease:
					depth[e.Obj]--
				case trace.OpEnter:
					if tr.Str(e.Obj) == "atomic()" {
						seen["atomic"]++
					}
				}
			}
			for _, d := range depth {
				if d > 0 {
					seen["held at end"]++
				}
			}
		}
	}
	for _, f := range []string{"read", "write", "acquire", "release", "wait", "notify", "notifyAll", "fork", "join", "branch", "call", "enter", "exit", "re-entrant", "nested", "atomic", "held at end"} {
		if seen[f] == 0 {
			t.Errorf("no %s in 2000 traces", f)
		}
	}
	for _, n := range sizes {
		if n > 30 {
			t.Errorf("trace of %d events", n)
		}
	}
	t.Logf("features: %v", seen)
}

func nonzero(m map[trace.Sym]int) []trace.Sym {
	var out []trace.Sym
	for k, v := range m {
		if v > 0 {
			out = append(out, k)
		}
	}
	return out
}

func TestDeterministic(t *testing.T) {
	a := Random(rand.New(rand.NewSource(7)), Config{})
	b := Random(rand.New(rand.NewSource(7)), Config{})
	if a.NumEvents() != b.NumEvents() {
		t.Fatal("same seed, different traces")
	}
}

// The execution a Sections trace is written from is a feasible schedule
// of it under both branch models, and over many seeds the traces have
// forks, joins, reads and writes. (That they have lock-order cycles of
// three threads is checked where they are used, in props/deadlock.)
func TestSectionsExecutionIsFeasible(t *testing.T) {
	seen := map[string]int{}
	for seed := int64(0); seed < 2000; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr, sched := sections(r, SectionsConfig{})
		checkFeasible(t, seed, tr, sched)
		for _, op := range []trace.Op{trace.OpFork, trace.OpJoin, trace.OpRead, trace.OpWrite} {
			for _, th := range tr.Threads {
				for _, e := range th.Events {
					if e.Op == op {
						seen[op.String()]++
					}
				}
			}
		}
	}
	for _, k := range []string{"fork", "join", "read", "write"} {
		if seen[k] == 0 {
			t.Errorf("no %s in 2000 traces", k)
		}
	}
}

// A recorded trace holds the same events as the thread-by-thread one of
// the same seed, and its file order is the simulated interleaving (a
// wait at its release).
func TestRecordedOrderIsSimulated(t *testing.T) {
	for seed := int64(0); seed < 500; seed++ {
		plain, sched := generate(rand.New(rand.NewSource(seed)), Config{})
		rec := Random(rand.New(rand.NewSource(seed)), Config{Recorded: true})
		var want []string
		for _, s := range sched {
			if s.Part == replay.Whole || s.Part == replay.Release {
				want = append(want, plain.ID(s.Ref)+" "+plain.Event(s.Ref).Op.String())
			}
		}
		got := make([]string, rec.NumEvents())
		for _, th := range rec.Threads {
			for i, a := range th.Arrival {
				r := trace.EventRef{Thread: th.ID, Index: uint32(i)}
				got[a] = rec.ID(r) + " " + rec.Event(r).Op.String()
			}
		}
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Fatalf("seed %d: file order\n%s\nwant the simulated order\n%s", seed, strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
}

// TestSharedAndHB: with shared locks and hb facts switched on, generated
// traces have them, read back, and the simulated interleaving is a
// feasible schedule of them.
func TestSharedAndHB(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	shared, facts := 0, 0
	for n := 0; n < 300; n++ {
		tr, sched := generate(r, Config{SharedWeight: 3, HBFacts: 3})
		for _, th := range tr.Threads {
			for _, e := range th.Events {
				if e.Op == trace.OpRAcquire {
					shared++
				}
			}
		}
		facts += len(tr.HB())
		if err := replay.Validate(tr, trace.BranchesImplicit, sched); err != nil {
			t.Fatalf("trace %d: the simulated interleaving is no schedule: %v", n, err)
		}
		var buf bytes.Buffer
		if err := trace.WriteText(&buf, tr); err != nil {
			t.Fatal(err)
		}
		if _, err := trace.ParseText("gen.trace", buf.String()); err != nil {
			t.Fatalf("trace %d does not read back: %v\n%s", n, err, buf.String())
		}
	}
	if shared == 0 || facts == 0 {
		t.Fatalf("%d shared acquires, %d hb facts; want both > 0", shared, facts)
	}
}

// With LockKinds the simulation keeps to Go's locks (writer preference
// included), so its interleaving is still feasible — up to where threads
// stuck on a lock leave it — and the traces have what the differential
// tests need: every kind, requests granted and pending, nested shared
// acquires of an rwmutex, ended threads.
func TestLockKinds(t *testing.T) {
	seen := map[string]int{}
	for seed := int64(0); seed < 2000; seed++ {
		r := rand.New(rand.NewSource(seed))
		tr, sched := generate(r, Config{LockKinds: true, SharedWeight: int(seed%3) + 1, WaitWeight: 2})
		for _, m := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			if err := replay.Validate(tr, m, sched); err != nil {
				t.Fatalf("seed %d (%s): %v", seed, m, err)
			}
		}
		for _, k := range tr.LockKinds {
			seen[k.String()]++
		}
		for _, th := range tr.Threads {
			shared := map[trace.Sym]int{}
			for i, e := range th.Events {
				switch e.Op {
				case trace.OpRAcquire:
					if shared[e.Obj]++; shared[e.Obj] > 1 && tr.Kind(e.Obj) == trace.LockRWMutex {
						seen["nested racquire of an rwmutex"]++
					}
				case trace.OpRRelease:
					shared[e.Obj]--
				case trace.OpRequest, trace.OpRRequest:
					if i == len(th.Events)-1 {
						seen["pending "+e.Op.String()]++
					} else {
						seen["granted "+e.Op.String()]++
					}
				case trace.OpEnd:
					seen["end"]++
				}
			}
		}
	}
	for _, want := range []string{"reentrant", "mutex", "rwmutex", "nested racquire of an rwmutex",
		"pending request", "pending rrequest", "granted request", "granted rrequest", "end"} {
		if seen[want] == 0 {
			t.Errorf("no %s in 2000 traces (%v)", want, seen)
		}
	}
}
