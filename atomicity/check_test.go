package atomicity

import (
	"gpredict/internal/testtrace"
	"testing"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"serial blocks", `
T1 fork T2
T1 enter atomic()
T1 read x 0
T1 write x 1
T1 exit atomic()
T2 write x 2
`, "serializable"},
		// Velodrome's first example: a read-modify-write interleaved by a
		// write of another thread.
		{"read-modify-write interleaved", `
T1 fork T2
T1 enter atomic()
T1 read x 0
T2 write x 5
T1 write x 1
T1 exit atomic()
`, "blame T1#2: T1#3>T2#1 T2#1>T1#4"},
		{"three transactions", `
T1 fork T2
T1 fork T3
T1 enter atomic()
T1 write x 1
T2 read x 1
T2 write y 1
T3 read y 1
T3 write z 1
T1 read z 1
T1 exit atomic()
`, "blame T1#3: T1#4>T2#1 T2#2>T3#1 T3#2>T1#5"},
		// Velodrome 4.3: blocks p and q hold both ends of the cycle and
		// are refuted; r, entered after the cycle's first event, is not.
		{"nested blocks", `
T1 fork T2
T1 enter atomic()
T1 enter atomic()
T1 read x 0
T1 enter atomic()
T2 write x 5
T1 write x 1
T1 exit atomic()
T1 exit atomic()
T1 exit atomic()
`, "blame T1#2,T1#3: T1#4>T2#1 T2#1>T1#6"},
		// The other transaction is left (w a) before it is entered
		// (r b): no chain of operations runs through it, so the cycle
		// is not increasing (Velodrome 4.3, D' and E').
		{"not increasing", `
T1 fork T2
T2 enter atomic()
T2 write a 1
T1 enter atomic()
T1 write b 1
T2 read b 1
T2 exit atomic()
T1 read a 1
T1 exit atomic()
`, "blame T1#2: T1#3>T2#3 T2#2>T1#4 ~"},
		{"lock", `
T1 fork T2
T1 enter atomic()
T1 acquire m
T1 release m
T2 acquire m
T2 release m
T1 acquire m
T1 release m
T1 exit atomic()
`, "blame T1#2: T1#4>T2#1 T2#2>T1#5"},
		{"fork inside a block", `
T1 enter atomic()
T1 fork T2
T2 write x 1
T1 read x 1
T1 exit atomic()
`, "blame T1#1: T1#2>T2#1 T2#1>T1#3"},
		{"join inside a block", `
T1 fork T2
T1 enter atomic()
T1 write y 1
T2 read y 1
T1 join T2
T1 exit atomic()
`, "blame T1#2: T1#3>T2#1 T2#1>T1#4"},
		// A wait gives the lock away: what others do under it during
		// the wait interleaves the block.
		{"wait inside a block", `
T1 fork T2
T1 acquire m
T1 enter atomic()
T1 wait m
T2 acquire m
T2 write x 1
T2 notify m
T2 release m
T1 read x 1
T1 exit atomic()
T1 release m
`, "blame T1#3: T1#4>T2#1 T2#4>T1#4 (2 cycles)"},
		// Velodrome's volatile hand-off: each block runs while the other
		// thread waits for the flag, so the run is serializable.
		{"hand-off by a flag", `
T1 fork T2
T1 enter atomic()
T1 read x 0
T1 write x 1
T1 write b 2
T1 exit atomic()
T2 read b 2
T2 enter atomic()
T2 read x 1
T2 write x 2
T2 write b 1
T2 exit atomic()
T1 read b 1
`, "serializable"},
		{"methods not declared atomic", `
T1 fork T2
T1 enter void Set.add(Object) target=s args=a
T1 read x 0
T2 write x 5
T1 write x 1
T1 exit void Set.add(Object)
`, "serializable"},
		{"two transactions, one closing two cycles", `
T1 fork T2
T1 enter atomic()
T1 read x 0
T1 read y 0
T2 write x 5
T2 write y 5
T1 write x 1
T1 write y 1
T1 exit atomic()
T2 enter atomic()
T2 read z 0
T1 write z 1
T2 write z 2
T2 exit atomic()
`, "blame T1#2: T1#3>T2#1 T2#1>T1#5 (2 cycles); blame T2#3: T2#4>T1#8 T1#8>T2#5"},
		{"outside blocks only", `
T1 fork T2
T1 read x 0
T2 write x 1
T1 write x 2
T2 read x 2
`, "serializable"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.src)
			res := run(t, tr)
			if got := describe(tr, res); got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			order, _ := RecordedOrder(tr)
			if ref := refSerializable(tr, order, namedAtomic(tr)); ref != res.Serializable() {
				t.Errorf("reference says serializable=%v", ref)
			}
		})
	}
}
