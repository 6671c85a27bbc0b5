package atomicity

import (
	"encoding/json"
	"io"
	"math"

	"gpredict/trace"
)

// The JSON document of `gpredict atomicity --format json`
// (docs/atomicity.md):
//
//	{"version", "traces", "atomic", "serializable",
//	 "stats": {threads, events, transactions, blocks, nodes, maxLive, edges, seconds},
//	 "violations": [{thread, transaction, blamed: [block], increasing,
//	                 cycle: [{from, to, kind, object}], cycles, count}]}
//
// A block is {enter, exit, sig, loc} (exit "" while open); an event is
// {id, thread, op, object, loc, block, reacquire} (block: the enter id
// of its outermost atomic block, "" outside blocks).

type jsonDoc struct {
	Version      string          `json:"version"`
	Traces       []string        `json:"traces"`
	Atomic       []string        `json:"atomic"`
	Serializable bool            `json:"serializable"`
	Stats        jsonStats       `json:"stats"`
	Violations   []jsonViolation `json:"violations"`
	// Interrupted (only when true) says an interrupt stopped the
	// analysis after the first checkedEvents events: serializable is
	// then false, and the violations are those found before.
	Interrupted   bool `json:"interrupted,omitempty"`
	CheckedEvents int  `json:"checkedEvents,omitempty"`
}

type jsonStats struct {
	Threads      int     `json:"threads"`
	Events       int     `json:"events"`
	Transactions int     `json:"transactions"`
	Blocks       int     `json:"blocks"`
	Nodes        int     `json:"nodes"`
	MaxLive      int     `json:"maxLive"`
	Edges        int     `json:"edges"`
	Seconds      float64 `json:"seconds"`
}

type jsonViolation struct {
	Thread      string      `json:"thread"`
	Transaction jsonBlock   `json:"transaction"`
	Blamed      []jsonBlock `json:"blamed"`
	Increasing  bool        `json:"increasing"`
	Cycle       []jsonEdge  `json:"cycle"`
	Cycles      int         `json:"cycles"`
	Count       int         `json:"count"`
}

type jsonBlock struct {
	Enter string `json:"enter"`
	Exit  string `json:"exit"`
	Sig   string `json:"sig"`
	Loc   string `json:"loc"`
}

type jsonEdge struct {
	From jsonEvent `json:"from"`
	To   jsonEvent `json:"to"`
	Kind string    `json:"kind"`
	// Object is the variable or lock of an access or lock conflict.
	Object string `json:"object,omitempty"`
}

type jsonEvent struct {
	ID        string `json:"id"`
	Thread    string `json:"thread"`
	Op        string `json:"op"`
	Object    string `json:"object"`
	Loc       string `json:"loc"`
	Block     string `json:"block"`
	Reacquire bool   `json:"reacquire,omitempty"`
}

// jsonKinds names the conflicts in JSON.
var jsonKinds = [...]string{ThreadOrder: "thread-order", Access: "access", Lock: "lock", Fork: "fork", Join: "join"}

// WriteJSON prints the result as the JSON document above.
func WriteJSON(w io.Writer, tr *trace.Trace, res *Result, opts ReportOptions) error {
	s := res.Stats
	doc := jsonDoc{
		Version: opts.Version, Traces: opts.Traces, Atomic: opts.Atomic,
		Serializable: res.Serializable(),
		Stats: jsonStats{
			Threads: s.Threads, Events: s.Events, Transactions: s.Transactions, Blocks: s.Blocks,
			Nodes: s.Nodes, MaxLive: s.MaxLive, Edges: s.Edges,
			Seconds: math.Round(opts.Seconds*1000) / 1000,
		},
		Violations: []jsonViolation{},
	}
	if res.Interrupted {
		doc.Interrupted, doc.CheckedEvents = true, res.Checked
	}
	if doc.Traces == nil {
		doc.Traces = []string{}
	}
	if doc.Atomic == nil {
		doc.Atomic = []string{}
	}
	block := func(b *Block) jsonBlock {
		j := jsonBlock{Enter: tr.ID(b.Enter), Sig: tr.Str(tr.Event(b.Enter).Obj), Loc: loc(tr, b.Enter)}
		if b.Closed {
			j.Exit = tr.ID(b.Exit)
		}
		return j
	}
	event := func(r trace.EventRef, blk *Block, reacq bool) jsonEvent {
		ev := tr.Event(r)
		j := jsonEvent{ID: tr.ID(r), Thread: tr.ThreadName(r.Thread), Op: ev.Op.String(), Object: tr.Str(ev.Obj), Loc: loc(tr, r), Reacquire: reacq}
		if blk != nil {
			j.Block = tr.ID(blk.Enter)
		}
		return j
	}
	for _, rep := range reports(tr, res, opts) {
		v := rep.v
		jv := jsonViolation{
			Thread: tr.ThreadName(v.Thread), Transaction: block(v.Transaction),
			Increasing: v.Increasing, Cycles: v.Cycles, Count: rep.count,
		}
		for _, b := range v.Blamed {
			jv.Blamed = append(jv.Blamed, block(b))
		}
		for _, e := range v.Cycle {
			je := jsonEdge{From: event(e.From, e.FromBlock, false), To: event(e.To, e.ToBlock, e.Reacquire), Kind: jsonKinds[e.Kind]}
			if e.Kind == Access || e.Kind == Lock {
				je.Object = tr.Str(tr.Event(e.From).Obj)
			}
			jv.Cycle = append(jv.Cycle, je)
		}
		doc.Violations = append(doc.Violations, jv)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
