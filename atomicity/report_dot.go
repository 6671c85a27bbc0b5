package atomicity

import (
	"fmt"
	"io"
	"strings"

	"gpredict/trace"
)

// WriteDOT prints the reports as one Graphviz digraph, drawn as
// Velodrome's error graphs are: per report a cluster, in it a box per
// transaction of the cycle (the blamed one bold and red), the cycle's
// events as nodes, each conflict an edge labelled with its reason, the
// edge that closes the cycle dashed, and dotted edges for the way from
// one event to the next inside a transaction.
func WriteDOT(w io.Writer, tr *trace.Trace, res *Result, opts ReportOptions) error {
	var b strings.Builder
	b.WriteString("digraph atomicity {\n")
	b.WriteString("  graph [fontname=\"Helvetica\", labeljust=l];\n")
	b.WriteString("  node [shape=box, style=rounded, fontname=\"Courier\"];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=10];\n")
	if res.Interrupted {
		fmt.Fprintf(&b, "  // interrupted after %d of %d events: the cycles below are those found in them\n", res.Checked, res.Stats.Events)
	}
	for i, rep := range reports(tr, res, opts) {
		writeDOTReport(&b, tr, i+1, rep)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// dotEvent is one event of a cycle as a DOT node.
type dotEvent struct {
	id      string // DOT node id
	ref     trace.EventRef
	reacq   bool
	cluster int // index into the report's transactions
}

func writeDOTReport(b *strings.Builder, tr *trace.Trace, n int, rep report) {
	v := rep.v
	title := fmt.Sprintf("%d. %s: %s is not serializable", n, tr.ThreadName(v.Thread), blockText(tr, v.Transaction))
	if rep.count > 1 {
		title += fmt.Sprintf(" (%d times)", rep.count)
	}
	fmt.Fprintf(b, "  subgraph cluster_%d {\n    label=%s;\n", n, quote(title))
	// Transactions in the order the cycle meets them; consecutive edges
	// share one.
	type txn struct {
		thread trace.ThreadID
		block  *Block
		events []dotEvent
	}
	var txns []*txn
	txnOf := func(t trace.ThreadID, blk *Block, meet bool) int {
		if meet {
			return len(txns) - 1
		}
		if blk != nil {
			for i, x := range txns {
				if x.block == blk {
					return i
				}
			}
		}
		txns = append(txns, &txn{thread: t, block: blk})
		return len(txns) - 1
	}
	var events []dotEvent
	add := func(r trace.EventRef, reacq bool, blk *Block, meet bool) dotEvent {
		id := fmt.Sprintf("%d %s", n, tr.ID(r))
		if reacq {
			id += " re-acquire"
		}
		for _, e := range events {
			if e.id == id {
				return e
			}
		}
		e := dotEvent{id: id, ref: r, reacq: reacq, cluster: txnOf(r.Thread, blk, meet)}
		txns[e.cluster].events = append(txns[e.cluster].events, e)
		events = append(events, e)
		return e
	}
	var lines []string
	var prevTo dotEvent
	for k, e := range v.Cycle {
		from := add(e.From, false, e.FromBlock, k > 0)
		if k > 0 && from.id != prevTo.id {
			lines = append(lines, fmt.Sprintf("    %s -> %s [style=dotted, arrowhead=none];", quote(prevTo.id), quote(from.id)))
		}
		to := add(e.To, e.Reacquire, e.ToBlock, false)
		attrs := "label=" + quote(dotConflict(tr, e))
		if k == len(v.Cycle)-1 {
			attrs += ", style=dashed"
		}
		lines = append(lines, fmt.Sprintf("    %s -> %s [%s];", quote(from.id), quote(to.id), attrs))
		prevTo = to
	}
	for i, x := range txns {
		label := tr.ThreadName(x.thread)
		if x.block != nil {
			label += ": in " + tr.Str(tr.Event(x.block.Enter).Obj) + " " + tr.ID(x.block.Enter)
		}
		fmt.Fprintf(b, "    subgraph cluster_%d_%d {\n      label=%s;\n", n, i, quote(label))
		if x.block == v.Transaction {
			b.WriteString("      color=red; penwidth=2;\n")
		}
		for _, e := range x.events {
			text := tr.ID(e.ref) + " " + eventText(tr, e.ref, e.reacq)
			if l := loc(tr, e.ref); l != "" {
				text += "\n@" + l
			}
			fmt.Fprintf(b, "      %s [label=%s];\n", quote(e.id), quote(text))
		}
		b.WriteString("    }\n")
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	b.WriteString("  }\n")
}

// dotConflict is the short edge label: the variable or lock, or the kind.
func dotConflict(tr *trace.Trace, e Edge) string {
	switch e.Kind {
	case Access, Lock:
		return tr.Str(tr.Event(e.From).Obj)
	}
	return e.Kind.String()
}

// quote makes s a DOT string: DOT knows only the escape \" in strings;
// a backslash is doubled so that labels show it, a newline becomes the
// label line break \n.
func quote(s string) string {
	return `"` + dotEscaper.Replace(s) + `"`
}

var dotEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
