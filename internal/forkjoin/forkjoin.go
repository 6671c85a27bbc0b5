// Package forkjoin turns fuzz input into small thread structures — threads
// that write, fork and join each other in any way at all, cycles and
// double forks included — and decides, independently of package trace,
// which of them an execution can perform. The fuzz targets of the trace
// readers and of the command line compare the readers' verdict with
// Malformed.
//
// The oracle builds the must-happen-before graph of docs/semantics.md
// (rules 1 and 2) over the events, explicitly, and looks for a cycle by
// depth-first search; the readers instead run every thread as far as it
// can (trace/progress.go). It imports nothing of the project, so that a
// mistake in the readers cannot hide in a shared helper.
package forkjoin

import (
	"fmt"
	"strings"
)

// Kind is what an event does.
type Kind uint8

const (
	Write Kind = iota // write V<Var>
	Fork              // fork T<Other>
	Join              // join T<Other>
)

// Event is one event: thread Thread does Kind to Other (a thread) or Var.
type Event struct {
	Thread int
	Kind   Kind
	Other  int
	Var    int
}

// Structure is a trace: Threads threads named T0, T1, ..., and Events in
// file order. Split puts the events of the odd threads in a second file.
type Structure struct {
	Threads int
	Events  []Event
	Split   bool
}

// MaxEvents bounds a decoded structure, so that predicting on it stays
// fast.
const MaxEvents = 24

// Decode reads a structure from fuzz input: the first byte chooses the
// number of threads (2 to 5) and Split; each following pair of bytes is
// an event (the thread, then the kind and its operand).
func Decode(data []byte) Structure {
	if len(data) == 0 {
		return Structure{Threads: 2}
	}
	s := Structure{Threads: 2 + int(data[0]%4), Split: data[0]&0x10 != 0}
	for i := 1; i+1 < len(data) && len(s.Events) < MaxEvents; i += 2 {
		e := Event{Thread: int(data[i]) % s.Threads}
		switch k := data[i+1] % 4; k {
		case 0, 1:
			e.Kind, e.Var = Write, int(data[i+1]/4)%2
		default:
			e.Kind, e.Other = Kind(k-1), int(data[i+1]/4)%s.Threads
		}
		s.Events = append(s.Events, e)
	}
	return s
}

// Encode is the inverse of Decode, for seed corpora written by hand.
func (s Structure) Encode() []byte {
	first := byte(s.Threads - 2)
	if s.Split {
		first |= 0x10
	}
	out := []byte{first}
	for _, e := range s.Events {
		b := byte(e.Var) * 4
		if e.Kind != Write {
			b = byte(e.Other)*4 + byte(e.Kind) + 1
		}
		out = append(out, byte(e.Thread), b)
	}
	return out
}

// Name is the name of thread t in every rendering.
func Name(t int) string { return fmt.Sprintf("T%d", t) }

// Text renders s in the text trace format: one file, or two with Split
// (the second may be empty).
func (s Structure) Text() []string {
	files := []strings.Builder{{}, {}}
	for _, e := range s.Events {
		f := 0
		if s.Split && e.Thread%2 == 1 {
			f = 1
		}
		fmt.Fprintf(&files[f], "%s %s\n", Name(e.Thread), e.textOp())
	}
	if !s.Split {
		return []string{files[0].String()}
	}
	return []string{files[0].String(), files[1].String()}
}

func (e Event) textOp() string {
	switch e.Kind {
	case Fork:
		return "fork " + Name(e.Other)
	case Join:
		return "join " + Name(e.Other)
	}
	return fmt.Sprintf("write V%d 1", e.Var)
}

// Verdict is the oracle's answer: why s is malformed, or "" if it is not.
// Cycle is set when the reason is a must-happen-before cycle, with the
// threads that have an event on some cycle.
type Verdict struct {
	Reason string
	Cycle  map[int]bool
}

// Malformed decides s: a thread that forks or joins itself, a thread
// forked twice, or a cycle in must-happen-before.
func (s Structure) Malformed() Verdict {
	forks := map[int]int{} // thread → its fork event
	for i, e := range s.Events {
		if e.Kind != Write && e.Other == e.Thread {
			return Verdict{Reason: fmt.Sprintf("event %d: %s %s itself", i, Name(e.Thread), e.textOp())}
		}
		if e.Kind == Fork {
			if _, twice := forks[e.Other]; twice {
				return Verdict{Reason: fmt.Sprintf("event %d: %s forked twice", i, Name(e.Other))}
			}
			forks[e.Other] = i
		}
	}
	g := s.mustHappenBefore(forks)
	if on := g.onCycles(); len(on) > 0 {
		threads := map[int]bool{}
		for _, v := range on {
			threads[s.Events[v].Thread] = true
		}
		return Verdict{Reason: fmt.Sprintf("must-happen-before cycle through events %v", on), Cycle: threads}
	}
	return Verdict{}
}

// graph holds, for each event, the events that must happen after it.
type graph [][]int

// mustHappenBefore is the graph over the events (indexes of s.Events):
// program order; a fork before the first event of the forked thread; the
// last event of a joined thread before the join; and the fork of a joined
// thread before the join (a thread is joined after it exists, which only
// adds an edge when the joined thread has no events).
func (s Structure) mustHappenBefore(forks map[int]int) graph {
	byThread := make([][]int, s.Threads)
	for i, e := range s.Events {
		byThread[e.Thread] = append(byThread[e.Thread], i)
	}
	g := make(graph, len(s.Events))
	for _, evs := range byThread {
		for k := 1; k < len(evs); k++ {
			g[evs[k-1]] = append(g[evs[k-1]], evs[k])
		}
	}
	for i, e := range s.Events {
		child := byThread[e.Other]
		switch {
		case e.Kind == Fork && len(child) > 0:
			g[i] = append(g[i], child[0])
		case e.Kind == Join:
			if len(child) > 0 {
				last := child[len(child)-1]
				g[last] = append(g[last], i)
			}
			if f, ok := forks[e.Other]; ok {
				g[f] = append(g[f], i)
			}
		}
	}
	return g
}

// onCycles returns the events that lie on a cycle of g, in order: those
// from which a depth-first search comes back to themselves.
func (g graph) onCycles() []int {
	var on []int
	for v := range g {
		seen := make([]bool, len(g))
		stack := append([]int(nil), g[v]...)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if u == v {
				on = append(on, v)
				break
			}
			if !seen[u] {
				seen[u] = true
				stack = append(stack, g[u]...)
			}
		}
	}
	return on
}

// Case is a named structure and whether an execution can perform it.
type Case struct {
	Name      string
	S         Structure
	Malformed bool
}

// w, fork and join spell the events of Cases.
func w(t int) Event                    { return Event{Thread: t, Kind: Write} }
func fork(t, c int) Event              { return Event{Thread: t, Kind: Fork, Other: c} }
func join(t, c int) Event              { return Event{Thread: t, Kind: Join, Other: c} }
func st(n int, evs ...Event) Structure { return Structure{Threads: n, Events: evs} }

// Cases are the structures of issue 25 and their valid neighbours: the
// seeds of the fuzz targets, and the oracle's own test.
func Cases() []Case {
	split := st(2, fork(0, 1), w(0), w(1), fork(1, 0))
	split.Split = true
	validSplit := st(3, w(0), fork(0, 1), w(1), fork(1, 2), w(2), join(0, 1))
	validSplit.Split = true
	return []Case{
		{"fork_cycle_2", st(2, w(0), fork(0, 1), w(1), fork(1, 0)), true},
		{"fork_cycle_3", st(3, fork(0, 1), fork(1, 2), w(2), fork(2, 0), w(0)), true},
		{"fork_cycle_files", split, true},
		{"forked_twice", st(3, fork(0, 2), fork(1, 2), w(2)), true},
		{"forked_twice_same_thread", st(2, fork(0, 1), fork(0, 1), w(1)), true},
		{"joined_before_forked", st(2, w(0), join(0, 1), fork(0, 1), w(1)), true},
		{"joined_before_forked_empty", st(2, join(0, 1), fork(0, 1), w(0)), true},
		{"joined_before_forked_elsewhere", st(3, join(0, 1), fork(0, 2), fork(2, 1)), true},
		{"joined_by_itself", st(2, w(0), join(0, 0)), true},
		{"forks_itself", st(2, fork(0, 0), w(0)), true},
		{"mutual_join", st(2, fork(0, 1), w(0), join(0, 1), w(1), join(1, 0)), true},
		{"joined_before_forked_with_sibling", st(3, fork(0, 1), join(0, 2), fork(0, 2), w(1), w(2)), true},
		{"join_waits_for_later_event", st(3, fork(0, 1), join(0, 1), fork(0, 2), w(2), join(1, 2)), true},
		{"join_waits_through_grandchild", st(3, fork(0, 1), join(0, 2), w(0), join(1, 0), fork(1, 2), w(2)), true},
		{"fork_join", st(2, w(0), fork(0, 1), w(1), join(0, 1), w(0)), false},
		{"fork_tree", st(4, fork(0, 1), fork(0, 2), fork(1, 3), w(3), w(2), join(1, 3), join(0, 1), join(0, 2), w(0)), false},
		{"sibling_join", st(3, fork(0, 1), fork(0, 2), w(1), join(2, 1), w(2)), false},
		{"child_joins_parent", st(2, fork(0, 1), w(0), join(1, 0), w(1)), false},
		{"join_unforked", st(2, w(0), join(0, 1), w(1)), false},
		{"join_empty_unforked", st(2, w(0), join(0, 1)), false},
		{"join_empty_after_fork", st(2, fork(0, 1), join(0, 1), w(0)), false},
		{"join_empty_forked_elsewhere", st(3, fork(0, 2), join(0, 1), w(2), fork(2, 1)), false},
		{"joined_twice", st(3, fork(0, 1), w(1), join(0, 1), join(2, 1), w(2)), false},
		{"files", validSplit, false},
		{"no_forks", st(3, w(0), w(1), w(2)), false},
	}
}
