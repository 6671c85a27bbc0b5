package predict_test

import (
	"maps"
	"math/rand"
	"slices"
	"strconv"

	"gpredict/trace"
)

// randomTrace records one random execution of 2–3 threads (T1 forks the
// others) with reads, writes, nested and re-entrant locks, wait/notify,
// branches, atomic regions and joins. Values come from the simulated
// memory, so they are consistent with a real interleaving. A wait that is
// never woken is cut off with the rest of its thread.
func randomTrace(r *rand.Rand) *trace.Trace {
	type thr struct {
		name    string
		events  []trace.Event
		started bool
		done    bool
		budget  int
		held    map[string]int
		enters  int
		waiting string // lock waited on, "" if not waiting
		woken   bool
		depth   int // depth to restore after the wait
	}
	b := trace.NewBuilder()
	sy := b.Syms()
	nthreads := 2 + r.Intn(2)
	ts := make([]*thr, nthreads)
	for i := range ts {
		ts[i] = &thr{name: "T" + strconv.Itoa(i+1), budget: 2 + r.Intn(4), held: map[string]int{}}
	}
	ts[0].started = true
	mem := map[string]string{}
	owner := map[string]int{}
	vars := []string{"x", "y"}
	locks := []string{"l", "m"}
	free := func(l string, i int) bool { o, ok := owner[l]; return !ok || o == i }
	for steps := 0; steps < 60; steps++ {
		var runnable []int
		for i, t := range ts {
			if !t.started || t.done {
				continue
			}
			if t.waiting != "" && !(t.woken && free(t.waiting, i)) {
				continue
			}
			runnable = append(runnable, i)
		}
		if len(runnable) == 0 {
			break
		}
		i := runnable[r.Intn(len(runnable))]
		t := ts[i]
		emit := func(op trace.Op, obj, val string) {
			ev := trace.Event{Op: op, Obj: sy.Intern(obj)}
			if val != "" {
				ev.Val = sy.Intern(val)
			}
			t.events = append(t.events, ev)
			t.budget--
		}
		if t.waiting != "" { // woken and the lock is free: reacquire
			owner[t.waiting], t.held[t.waiting] = i, t.depth
			t.waiting, t.woken = "", false
			continue
		}
		if t.budget <= 0 {
			switch {
			case t.enters > 0:
				emit(trace.OpExit, "void atomic()", "")
				t.enters--
			case len(t.held) > 0:
				for _, l := range heldLocks(t.held) {
					emit(trace.OpRelease, l, "")
					if t.held[l]--; t.held[l] == 0 {
						delete(t.held, l)
						delete(owner, l)
					}
					break
				}
			default:
				t.done = true
			}
			continue
		}
		switch k := r.Intn(12); {
		case k < 2:
			v := vars[r.Intn(len(vars))]
			val, ok := mem[v]
			if !ok {
				val = "0"
			}
			emit(trace.OpRead, v, val)
		case k < 4:
			v := vars[r.Intn(len(vars))]
			val := strconv.Itoa(r.Intn(3))
			mem[v] = val
			emit(trace.OpWrite, v, val)
		case k < 6:
			l := locks[r.Intn(len(locks))]
			if free(l, i) {
				owner[l] = i
				t.held[l]++
				emit(trace.OpAcquire, l, "")
			}
		case k == 6:
			for _, l := range heldLocks(t.held) {
				emit(trace.OpRelease, l, "")
				if t.held[l]--; t.held[l] == 0 {
					delete(t.held, l)
					delete(owner, l)
				}
				break
			}
		case k == 7:
			for _, l := range heldLocks(t.held) {
				emit(trace.OpWait, l, l)
				t.waiting, t.depth = l, t.held[l]
				delete(t.held, l)
				delete(owner, l)
				break
			}
		case k == 8:
			l := locks[r.Intn(len(locks))]
			op := trace.OpNotify
			if r.Intn(3) == 0 {
				op = trace.OpNotifyAll
			}
			emit(op, l, "")
			var waiters []int
			for j, u := range ts {
				if u.waiting == l && !u.woken {
					waiters = append(waiters, j)
				}
			}
			if len(waiters) > 0 {
				if op == trace.OpNotifyAll {
					for _, j := range waiters {
						ts[j].woken = true
					}
				} else {
					ts[waiters[r.Intn(len(waiters))]].woken = true
				}
			}
		case k == 9:
			emit(trace.OpBranch, "", "")
		case k == 10:
			if t.enters > 0 && r.Intn(2) == 0 {
				emit(trace.OpExit, "void atomic()", "")
				t.enters--
			} else {
				emit(trace.OpEnter, "void atomic()", "")
				t.enters++
			}
		case k == 11:
			if i != 0 {
				break
			}
			for _, u := range ts[1:] {
				if !u.started {
					emit(trace.OpFork, u.name, "")
					u.started = true
					break
				}
				if u.done && r.Intn(2) == 0 {
					emit(trace.OpJoin, u.name, "")
					break
				}
			}
		}
	}
	// A thread still waiting never finished its wait: cut it there.
	for _, t := range ts {
		if t.waiting != "" {
			for k := len(t.events) - 1; k >= 0; k-- {
				if t.events[k].Op == trace.OpWait {
					t.events = t.events[:k]
					break
				}
			}
		}
	}
	for _, t := range ts {
		for n, ev := range t.events {
			if err := b.Event(trace.Pos{File: "random.trace", Line: n + 1}, sy.Intern(t.name), ev); err != nil {
				panic(err)
			}
		}
	}
	return b.Finish()
}

// heldLocks lists the locks of held in sorted order, so that picking the
// first one keeps the generated traces a function of the seed (ranging
// over a map would not).
func heldLocks(held map[string]int) []string {
	return slices.Sorted(maps.Keys(held))
}
