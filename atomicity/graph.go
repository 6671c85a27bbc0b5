package atomicity

import "gpredict/trace"

// node is a transaction of the graph: an atomic transaction (active until
// its outermost block exits) or a run of one thread's operations outside
// blocks. Every event of a node belongs to the node's thread.
type node struct {
	thread trace.ThreadID
	active bool // the current atomic transaction of its thread
	dead   bool // collected: references to it read as "none"
	in     int  // incoming edges from live nodes
	out    []*edge
	outIdx map[*node]*edge // index of out once it grows

	// txn is the outermost block of an atomic transaction (nil for a
	// node outside blocks); blamed is its violation, once found.
	txn    *Block
	blamed *Violation

	// Search state (see search.go); stamp says which search it belongs to.
	stamp   uint64
	entry   uint32 // lowest index (in its thread) the search entered by
	viaFrom *node  // node the search came from
	viaL    label  // by which conflict
}

// label is one conflict that gives an edge its reason.
type label struct {
	from, to           trace.EventRef
	fromBlock, toBlock *Block // the outermost atomic blocks they are in
	kind               Conflict
	reacquire          bool // to is a wait, and stands for its re-acquire
}

// edge n→to keeps two of the conflicts that induced it: the first and the
// last seen. One is enough for the verdict; two give the search for an
// increasing cycle (search.go) more to choose from at no real cost.
type edge struct {
	to          *node
	first, last label
}

// step is a weak reference to the node of an event: it reads as "none"
// once the node is collected (Velodrome's Step, with ev as timestamp).
type step struct {
	n  *node
	ev trace.EventRef
}

func (s step) live() bool { return s.n != nil && !s.n.dead }

// block is the outermost atomic block the event of s is in, nil if none.
// A finished transaction's node also holds the operations its thread did
// outside blocks right after it (see checker.outside): those are not in
// the block.
func (s step) block() *Block {
	b := s.n.txn
	if b == nil || b.Closed && s.ev.Index > b.Exit.Index {
		return nil
	}
	return b
}

// outIndexAt is the out-degree from which a node indexes its edges.
const outIndexAt = 8

// graph is the transactional happens-before graph with its collector.
type graph struct {
	live  int
	stats *Stats
	kill  []*node // collection work list, reused
}

func (g *graph) newNode(t trace.ThreadID) *node {
	g.stats.Nodes++
	g.live++
	g.stats.MaxLive = max(g.stats.MaxLive, g.live)
	return &node{thread: t}
}

// find returns the edge from→to, if any.
func (g *graph) find(from, to *node) *edge {
	if from.outIdx != nil {
		return from.outIdx[to]
	}
	for _, e := range from.out {
		if e.to == to {
			return e
		}
	}
	return nil
}

// link adds the edge from→to for l, or records l on the edge already
// there. The caller has made sure it closes no cycle.
func (g *graph) link(from, to *node, l label) {
	if e := g.find(from, to); e != nil {
		e.last = l
		return
	}
	e := &edge{to: to, first: l, last: l}
	from.out = append(from.out, e)
	if from.outIdx != nil {
		from.outIdx[to] = e
	} else if len(from.out) >= outIndexAt {
		from.outIdx = make(map[*node]*edge, len(from.out))
		for _, o := range from.out {
			from.outIdx[o.to] = o
		}
	}
	to.in++
	g.stats.Edges++
}

// collect frees n if it can no longer lie on a cycle: it is finished and
// nothing points to it, so no edge can ever enter it again (only its own
// thread adds edges into a node, and only while it runs). Freeing it
// removes its out-edges, which may free its successors in turn.
func (g *graph) collect(n *node) {
	if n.dead || n.active || n.in > 0 {
		return
	}
	g.kill = append(g.kill[:0], n)
	for len(g.kill) > 0 {
		x := g.kill[len(g.kill)-1]
		g.kill = g.kill[:len(g.kill)-1]
		x.dead = true
		g.live--
		for _, e := range x.out {
			e.to.in--
			if e.to.in == 0 && !e.to.active {
				g.kill = append(g.kill, e.to)
			}
		}
		x.out, x.outIdx = nil, nil
	}
}
