package atomicity

import "slices"

// searcher walks the live graph. Each walk takes a fresh stamp, so node
// marks never need clearing; stack is reused between walks.
type searcher struct {
	stamp uint64
	stack []*node
}

// reaches reports whether a path of edges leads from `from` to `to`.
func (s *searcher) reaches(from, to *node) bool {
	if from == to {
		return true
	}
	s.stamp++
	from.stamp = s.stamp
	stack := append(s.stack[:0], from)
	defer func() { s.stack = stack[:0] }()
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range x.out {
			if e.to == to {
				return true
			}
			if e.to.stamp != s.stamp {
				e.to.stamp = s.stamp
				stack = append(stack, e.to)
			}
		}
	}
	return false
}

// cycle returns the edges of a path from cur to a (which the caller knows
// exists), followed by the closing conflict c from a back into cur, and
// whether the cycle is increasing (result.go). It looks for an increasing
// cycle first, leaving cur as late as possible, so that the blame falls
// on as few nested blocks as the graph allows; if there is none, any
// path will do.
func (s *searcher) cycle(cur, a *node, c label) ([]Edge, bool) {
	var roots []uint32
	for _, e := range cur.out {
		roots = append(roots, e.first.from.Index, e.last.from.Index)
	}
	slices.Sort(roots)
	roots = slices.Compact(roots)
	// A later root only makes the search harder, so the roots that work
	// form a prefix of the sorted list: find its end by bisection.
	if len(roots) > 0 && s.increasing(cur, a, c.from.Index, roots[0]) {
		lo, hi := 0, len(roots)-1 // roots[lo] works; the answer is in [lo, hi]
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if s.increasing(cur, a, c.from.Index, roots[mid]) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		s.increasing(cur, a, c.from.Index, roots[lo]) // leave its path in the marks
		return s.trace(cur, a, c), true
	}
	s.anyPath(cur, a)
	return s.trace(cur, a, c), false
}

// increasing searches for a path from cur to a that leaves cur by an
// event at index root or later, and enters every later node, a included,
// no later than it leaves it (a is left by index leaveA). It is a
// label-correcting search: a node is searched again whenever it is
// reached by an earlier event, which can only widen its choices. The
// graph is acyclic, so it ends, and the via marks form a path.
func (s *searcher) increasing(cur, a *node, leaveA, root uint32) bool {
	s.stamp++
	stack := s.stack[:0]
	defer func() { s.stack = stack[:0] }()
	relax := func(from *node, e *edge, l label) bool {
		x := e.to
		if x == cur || (x.stamp == s.stamp && x.entry <= l.to.Index) {
			return false
		}
		x.stamp, x.entry, x.viaFrom, x.viaL = s.stamp, l.to.Index, from, l
		stack = append(stack, x)
		return x == a && x.entry <= leaveA
	}
	for _, e := range cur.out {
		for _, l := range [2]label{e.first, e.last} {
			if l.from.Index >= root && relax(cur, e, l) {
				return true
			}
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, e := range x.out {
			for _, l := range [2]label{e.first, e.last} {
				if l.from.Index >= x.entry && relax(x, e, l) {
					return true
				}
			}
		}
	}
	return false
}

// anyPath marks a path from cur to a, breadth first, by first labels.
func (s *searcher) anyPath(cur, a *node) {
	s.stamp++
	cur.stamp = s.stamp
	queue := append(s.stack[:0], cur)
	defer func() { s.stack = queue[:0] }()
	for i := 0; i < len(queue); i++ {
		x := queue[i]
		for _, e := range x.out {
			if e.to.stamp == s.stamp {
				continue
			}
			e.to.stamp, e.to.viaFrom, e.to.viaL = s.stamp, x, e.first
			if e.to == a {
				return
			}
			queue = append(queue, e.to)
		}
	}
}

// trace reads the path the last search marked, from a back to cur, and
// returns it in order with the closing conflict appended.
func (s *searcher) trace(cur, a *node, c label) []Edge {
	var rev []Edge
	for x := a; x != cur; x = x.viaFrom {
		rev = append(rev, x.viaL.edge())
	}
	slices.Reverse(rev)
	return append(rev, c.edge())
}

func (l label) edge() Edge {
	return Edge{From: l.from, To: l.to, FromBlock: l.fromBlock, ToBlock: l.toBlock, Kind: l.kind, Reacquire: l.reacquire}
}
