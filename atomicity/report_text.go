package atomicity

import (
	"fmt"
	"io"
	"strings"

	"gpredict/trace"
)

// WriteText prints the result for people: per report, the transaction at
// fault, the cycle of conflicting events in order (thread, event,
// location, transaction) with why each comes before the next, and the
// blame; then a summary line.
func WriteText(w io.Writer, tr *trace.Trace, res *Result, opts ReportOptions) error {
	var b strings.Builder
	reps := reports(tr, res, opts)
	for i, rep := range reps {
		v := rep.v
		fmt.Fprintf(&b, "[%d/%d] %s: %s is not serializable", i+1, len(reps), tr.ThreadName(v.Thread), blockText(tr, v.Transaction))
		if rep.count > 1 {
			fmt.Fprintf(&b, " (%d times)", rep.count)
		}
		b.WriteString("\n")
		writeCycle(&b, tr, v)
		writeBlame(&b, tr, v)
		b.WriteString("\n")
	}
	s := res.Stats
	if res.Interrupted {
		fmt.Fprintf(&b, "interrupted after %d of %s: ", res.Checked, plural(s.Events, "event"))
	}
	switch {
	case res.Serializable():
		b.WriteString("serializable")
	case len(res.Violations) == 0:
		b.WriteString("no violation in them")
	default:
		fmt.Fprintf(&b, "not serializable: %s (%s)", plural(len(res.Violations), "violation"), plural(len(reps), "report"))
	}
	fmt.Fprintf(&b, "; %s, %s, %s; atomic: %s\n", plural(s.Transactions, "atomic transaction"), plural(s.Threads, "thread"), plural(s.Events, "event"), strings.Join(opts.Atomic, " "))
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCycle prints the cycle as a column of events joined by the
// conflicts between them; the last conflict closes the cycle.
func writeCycle(b *strings.Builder, tr *trace.Trace, v *Violation) {
	rows := [][3]string{}
	var arrows []string
	row := func(r trace.EventRef, reacquire bool, blk *Block) {
		rows = append(rows, [3]string{tr.ID(r), eventText(tr, r, reacquire), atLoc(tr, r) + "|" + txnText(tr, r.Thread, blk)})
	}
	for k, e := range v.Cycle {
		if k == 0 {
			row(e.From, false, e.FromBlock)
		} else if prev := v.Cycle[k-1]; prev.To != e.From || prev.Reacquire {
			arrows = append(arrows, meetText(prev.To, e.From))
			row(e.From, false, e.FromBlock)
		}
		text := conflictText(tr, e)
		if k == len(v.Cycle)-1 {
			text += " — closes the cycle"
		}
		arrows = append(arrows, text)
		row(e.To, e.Reacquire, e.ToBlock)
	}
	wID, wEv, wLoc := 0, 0, 0
	for _, r := range rows {
		l, _, _ := strings.Cut(r[2], "|")
		wID, wEv, wLoc = max(wID, len(r[0])), max(wEv, len(r[1])), max(wLoc, len(l))
	}
	for i, r := range rows {
		l, txn, _ := strings.Cut(r[2], "|")
		line := fmt.Sprintf("    %-*s  %-*s  %-*s  %s", wID, r[0], wEv, r[1], wLoc, l, txn)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
		if i < len(arrows) {
			fmt.Fprintf(b, "      ↓ %s\n", arrows[i])
		}
	}
}

// writeBlame names the refuted blocks and, for an increasing cycle, the
// events that prove it.
func writeBlame(b *strings.Builder, tr *trace.Trace, v *Violation) {
	first, last := v.Cycle[0], v.Cycle[len(v.Cycle)-1]
	for _, blk := range v.Blamed {
		fmt.Fprintf(b, "  blame: %s", blockText(tr, blk))
		if l := atLoc(tr, blk.Enter); l != "" {
			b.WriteString(" " + l)
		}
		b.WriteString("\n")
	}
	if v.Increasing {
		fmt.Fprintf(b, "  %s and %s are in it, with conflicting events of other threads between them: no equivalent run has it run alone\n", tr.ID(first.From), tr.ID(last.To))
	} else {
		b.WriteString("  the cycle is not increasing: the transactions together are not serializable, and this one closed the cycle\n")
	}
	if v.Cycles > 1 {
		fmt.Fprintf(b, "  %d conflicts closed a cycle in this transaction; the first is shown\n", v.Cycles)
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", what)
	}
	return fmt.Sprintf("%d %ss", n, what)
}
