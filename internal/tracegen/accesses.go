package tracegen

import (
	"fmt"
	"math/rand"
	"slices"

	"gpredict/trace"
)

// Accesses returns a random trace of plain reads and writes, and fences
// when fences is set, over two variables by two or three unforked
// threads of two to four events each: the shape of the litmus tests,
// where the memory models differ (the sweeps of docs/semantics.md rule 6).
// Half of the threads make their writes before their reads, the shape
// that store buffers reorder. Every write writes a value of its own; the
// reads return what a random interleaving under SC gives them, so the
// trace is a real execution.
func Accesses(r *rand.Rand, fences bool) *trace.Trace {
	n := 2 + r.Intn(2)
	names := make([]string, n)
	progs := make([][]op, n)
	next := 0
	for i := range progs {
		names[i] = fmt.Sprintf("T%d", i+1)
		for k := 2 + r.Intn(3); k > 0; k-- {
			v := fmt.Sprintf("x%d", r.Intn(2))
			switch c := r.Intn(9); {
			case c < 4:
				next++
				progs[i] = append(progs[i], op{kind: trace.OpWrite, obj: v, val: fmt.Sprint(next)})
			case c < 8 || !fences:
				progs[i] = append(progs[i], op{kind: trace.OpRead, obj: v})
			default:
				progs[i] = append(progs[i], op{kind: trace.OpFence})
			}
		}
		if r.Intn(2) == 0 {
			// Writes, then fences, then reads.
			slices.SortStableFunc(progs[i], func(a, b op) int { return rank(a) - rank(b) })
		}
	}
	mem := map[string]string{}
	pc := make([]int, n)
	for left := 0; ; left = 0 {
		var ready []int
		for i := range progs {
			if pc[i] < len(progs[i]) {
				ready = append(ready, i)
				left++
			}
		}
		if left == 0 {
			break
		}
		i := ready[r.Intn(len(ready))]
		o := &progs[i][pc[i]]
		switch o.kind {
		case trace.OpWrite:
			mem[o.obj] = o.val
		case trace.OpRead:
			o.val = "0"
			if v, ok := mem[o.obj]; ok {
				o.val = v
			}
		}
		pc[i]++
	}
	return writeTrace("accesses.trace", names, progs, nil, nil)
}

// rank orders writes before fences before reads.
func rank(o op) int {
	switch o.kind {
	case trace.OpWrite:
		return 0
	case trace.OpFence:
		return 1
	}
	return 2
}
