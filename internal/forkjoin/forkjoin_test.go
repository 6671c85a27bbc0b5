package forkjoin

import (
	"bytes"
	"testing"
)

// TestCases checks the oracle on the named cases, and that Encode and
// Decode are inverse on them (the fuzz seeds are their encodings).
func TestCases(t *testing.T) {
	for _, c := range Cases() {
		t.Run(c.Name, func(t *testing.T) {
			v := c.S.Malformed()
			if (v.Reason != "") != c.Malformed {
				t.Errorf("oracle: %q; want malformed %v", v.Reason, c.Malformed)
			}
			data := c.S.Encode()
			again := Decode(data)
			if !bytes.Equal(again.Encode(), data) || again.Split != c.S.Split || len(again.Events) != len(c.S.Events) {
				t.Errorf("Decode(Encode) = %+v; want %+v", again, c.S)
			}
		})
	}
}

// TestCycleThreads: the oracle names the threads with an event on a
// cycle, and only those.
func TestCycleThreads(t *testing.T) {
	// T0 and T1 fork each other; T2, forked by T1, waits for the cycle
	// but is not on it.
	s := Structure{Threads: 3, Events: []Event{
		{Thread: 0, Kind: Fork, Other: 1}, {Thread: 1, Kind: Fork, Other: 2},
		{Thread: 1, Kind: Fork, Other: 0}, {Thread: 2, Kind: Write}}}
	v := s.Malformed()
	if len(v.Cycle) != 2 || !v.Cycle[0] || !v.Cycle[1] {
		t.Errorf("cycle threads %v; want T0 and T1 (%s)", v.Cycle, v.Reason)
	}
}
