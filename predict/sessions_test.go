package predict

import (
	"slices"
	"testing"
)

// TestSessionsComplete: a session goes to the worker that hands in its
// last batch, whatever order the batches come in, once and with every
// batch's leftovers in their places; the last session, short of batches,
// is complete once forming has ended and not before. It fails if a
// session is given out twice, early, or never.
func TestSessionsComplete(t *testing.T) {
	const formed = 2*sessionBatches + 3
	for _, tc := range []struct {
		name  string
		order []int // the order batches are handed in
	}{
		{"in order", upTo(formed, false)},
		{"in reverse", upTo(formed, true)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSessions()
			for range formed {
				s.next()
			}
			given := map[*session]int{} // the batch whose hand-in gave it
			for _, b := range tc.order {
				lefts := []leftover{{t: task{seq: int32(b)}}}
				if ses := s.hand(b, lefts); ses != nil {
					if _, twice := given[ses]; twice {
						t.Fatalf("session given twice")
					}
					given[ses] = b
				}
			}
			if len(given) != 2 {
				t.Fatalf("%d full sessions given before forming ended, want 2", len(given))
			}
			if more := s.complete(); len(more) != 0 {
				t.Fatalf("the short session was given before forming ended")
			}
			s.end()
			short := s.complete()
			if len(short) != 1 || len(s.complete()) != 0 {
				t.Fatalf("after the end: %d sessions, then more; want the short one once", len(short))
			}
			given[short[0]] = -1
			seen := 0
			for ses := range given {
				for i, lefts := range ses.batches {
					if len(lefts) == 0 {
						continue
					}
					seen++
					if b := int(lefts[0].t.seq); b%sessionBatches != i {
						t.Errorf("batch %d in place %d", b, i)
					}
				}
			}
			if seen != formed {
				t.Errorf("%d batches in the sessions given, want %d", seen, formed)
			}
		})
	}
}

// upTo is 0, 1, …, n-1, or the reverse.
func upTo(n int, reverse bool) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i
	}
	if reverse {
		slices.Reverse(s)
	}
	return s
}
