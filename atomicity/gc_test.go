package atomicity

import (
	"fmt"
	"gpredict/internal/testtrace"
	"strings"
	"testing"
)

// handOff is n rounds of two threads taking turns, each running one
// atomic read-modify-write of x under lock m, with some accesses outside
// blocks in between: a serializable run with many transactions.
func handOff(n int) string {
	var b strings.Builder
	b.WriteString("T1 fork T2\n")
	for i := 0; i < n; i++ {
		for _, t := range []string{"T1", "T2"} {
			fmt.Fprintf(&b, "%s enter atomic()\n%s acquire m\n%s read x %d\n%s write x %d\n%s release m\n%s exit atomic()\n%s write y %d\n",
				t, t, t, 2*i, t, 2*i+1, t, t, t, i)
		}
	}
	return b.String()
}

// Finished transactions are collected as soon as no edge can reach them:
// the live graph stays the same small size however long the run, while
// the number of nodes allocated grows with it.
func TestGarbageCollection(t *testing.T) {
	var live []int
	for _, n := range []int{10, 100, 1000} {
		tr := testtrace.Text(t, handOff(n))
		res := run(t, tr)
		if !res.Serializable() {
			t.Fatalf("n=%d: %s", n, describe(tr, res))
		}
		if res.Stats.Transactions != 2*n || res.Stats.Nodes < 2*n {
			t.Fatalf("n=%d: %d transactions, %d nodes; want %d, at least %d", n, res.Stats.Transactions, res.Stats.Nodes, 2*n, 2*n)
		}
		live = append(live, res.Stats.MaxLive)
	}
	if live[0] != live[2] || live[2] > 4 {
		t.Errorf("most live nodes for 10, 100, 1000 rounds: %v; want the same small number", live)
	}
}
