package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"gpredict/predict"
	"gpredict/predict/report/witness"
	"gpredict/record"
	"gpredict/trace"
)

// The reports of gpredict test read like the race detector's: a banner,
// each chosen event with what it did, its goroutine and its call stack,
// then the creation stack of every goroutine involved, then the witness.
// Reports are grouped by the test whose goroutines performed them.

const banner = "=================="

// writeTestReports writes r's reports on tr grouped by test and counts
// them in sum. Its error is a witness that cannot be read back.
func writeTestReports(w io.Writer, tr *trace.Trace, r *predict.Result, mode witness.Mode, sum *testSummary) error {
	if sum.byProp == nil {
		sum.byProp, sum.tests = map[string]int{}, map[string]bool{}
	}
	sum.unknown += len(r.Unknown)
	tests := testOfThreads(tr)
	var order []string
	byTest := map[string][]predict.Report{}
	for _, rep := range r.Reports(false) {
		test := tests[rep.ReportedEvents()[0].Ref.Thread]
		if _, seen := byTest[test]; !seen {
			order = append(order, test)
		}
		byTest[test] = append(byTest[test], rep)
	}
	for _, test := range order {
		name := test
		if name == "" {
			name = "(outside the tests)"
		}
		fmt.Fprintf(w, "--- %s: %s\n", name, countOf(len(byTest[test]), "report"))
		for _, rep := range byTest[test] {
			if err := writeTestReport(w, tr, rep, tests, mode); err != nil {
				return err
			}
			sum.reports++
			sum.byProp[rep.Property.Name]++
			sum.tests[name] = true
		}
	}
	return nil
}

func writeTestReport(w io.Writer, tr *trace.Trace, rep predict.Report, tests map[trace.ThreadID]string, mode witness.Mode) error {
	fmt.Fprintln(w, banner)
	where := ""
	involved := map[string]bool{}
	for _, e := range rep.ReportedEvents() {
		if t := tests[e.Ref.Thread]; t != "" {
			involved[t] = true
		}
	}
	if len(involved) > 0 {
		where = " in " + strings.Join(sortedKeys(involved), " and ")
	}
	fmt.Fprintf(w, "WARNING: %s (predicted)%s\n", rep.Property.Name, where)
	var goroutines []trace.ThreadID
	seen := map[trace.ThreadID]bool{}
	for _, e := range rep.ReportedEvents() {
		th := e.Ref.Thread
		fmt.Fprintf(w, "%s: %s by goroutine %s (%s):\n", e.Name, eventText(tr, e.Ref), tr.ThreadName(th), tr.ID(e.Ref))
		writeStack(w, tr, e.Ref)
		fmt.Fprintln(w)
		if !seen[th] {
			seen[th] = true
			goroutines = append(goroutines, th)
		}
	}
	for _, th := range goroutines {
		writeCreation(w, tr, th, tests)
		fmt.Fprintln(w)
	}
	if mode != witness.None {
		var marked []trace.EventRef
		for _, e := range rep.ReportedEvents() {
			marked = append(marked, e.Ref)
		}
		sched, err := rep.Schedule(tr)
		if err != nil {
			return err
		}
		witness.Draw(w, tr, sched, marked, mode)
	}
	fmt.Fprintln(w, banner)
	return nil
}

// eventText is what event r did, as its line in the text format says it
// (without thread, stack and location).
func eventText(tr *trace.Trace, r trace.EventRef) string {
	ev := tr.Event(r)
	parts := []string{ev.Op.String()}
	switch ev.Op {
	case trace.OpRead, trace.OpWrite:
		parts = append(parts, tr.Str(ev.Obj), tr.Str(ev.Val))
	case trace.OpCall, trace.OpEnter, trace.OpExit:
		parts = append(parts, tr.Str(ev.Obj))
		if ev.Target != trace.NoSym {
			parts = append(parts, "target="+tr.Str(ev.Target))
		}
	case trace.OpBegin, trace.OpEnd, trace.OpBranch, trace.OpFence:
	default:
		parts = append(parts, tr.Str(ev.Obj))
	}
	return strings.Join(parts, " ")
}

// writeStack writes the call stack of r, as the race detector does
// (function, then its file and line, indented); an event without a stack
// shows its location.
func writeStack(w io.Writer, tr *trace.Trace, r trace.EventRef) {
	frames, ok := tr.Stack(r)
	if !ok {
		if loc := tr.Event(r).Loc; loc != trace.NoSym {
			fmt.Fprintf(w, "      %s\n", tr.Str(loc))
		}
		return
	}
	for _, f := range frames {
		fmt.Fprintf(w, "  %s()\n      %s:%d\n", f.Func, f.File, f.Line)
	}
}

// writeCreation says where goroutine th came from: the stack of its fork
// (the go statement), or how the recorder saw it start.
func writeCreation(w io.Writer, tr *trace.Trace, th trace.ThreadID, tests map[trace.ThreadID]string) {
	t := tr.Threads[th]
	name := tr.ThreadName(th)
	switch {
	case t.HasFork && tr.Threads[t.ForkedBy.Thread].Name != t.Name:
		if isTestThread(tr, th) {
			fmt.Fprintf(w, "Goroutine %s runs the test %s (started by the testing package from %s)\n", name, name, tr.ThreadName(t.ForkedBy.Thread))
			return
		}
		fmt.Fprintf(w, "Goroutine %s created at:\n", name)
		writeStack(w, tr, t.ForkedBy)
	case len(t.Events) > 0 && len(tr.HBSources(trace.EventRef{Thread: th})) > 0:
		src := tr.HBSources(trace.EventRef{Thread: th})[0]
		fmt.Fprintf(w, "Goroutine %s started by code that is not instrumented, after %s:\n", name, tr.ID(src))
		writeStack(w, tr, src)
	default:
		fmt.Fprintf(w, "Goroutine %s (the program's main goroutine, or one started by code that is not instrumented)\n", name)
	}
}

// isTestThread reports whether th runs a test function: its first event
// is the `begin` the recorder logs there.
func isTestThread(tr *trace.Trace, th trace.ThreadID) bool {
	evs := tr.Threads[th].Events
	return len(evs) > 0 && evs[0].Op == trace.OpBegin
}

// testOfThreads maps each thread to the test it belongs to: the test
// thread it descends from by forks, or by the hb fact that orders the
// first event of a goroutine started by code that is not instrumented
// (a subtest, a callback); "" for none.
func testOfThreads(tr *trace.Trace) map[trace.ThreadID]string {
	parent := func(th trace.ThreadID) (trace.ThreadID, bool) {
		t := tr.Threads[th]
		if t.HasFork {
			return t.ForkedBy.Thread, true
		}
		if len(t.Events) > 0 {
			if src := tr.HBSources(trace.EventRef{Thread: th}); len(src) > 0 {
				return src[0].Thread, true
			}
		}
		return 0, false
	}
	out := map[trace.ThreadID]string{}
	for i := range tr.Threads {
		th := trace.ThreadID(i)
		for steps := 0; steps <= len(tr.Threads); steps++ {
			if isTestThread(tr, th) {
				out[trace.ThreadID(i)] = tr.ThreadName(th)
				break
			}
			p, ok := parent(th)
			if !ok {
				break
			}
			th = p
		}
	}
	return out
}

// writeBlocked reports a goroutine that the run left blocked.
func writeBlocked(w io.Writer, b record.Blocked) {
	fmt.Fprintln(w, banner)
	fmt.Fprintf(w, "WARNING: the run blocked (%s): goroutine %s waits in %s\n", b.Why, b.Thread, b.What)
	for _, f := range b.Stack {
		fmt.Fprintf(w, "  %s()\n      %s:%d\n", f.Func, f.File, f.Line)
	}
	if b.Holder != "" {
		fmt.Fprintf(w, "which goroutine %s holds\n", b.Holder)
	}
	fmt.Fprintln(w, banner)
}

// writePanic prints the panic a failed run ended with, as the race
// detector prints a goroutine: the run shows this bug, there is nothing
// to predict about it (docs/recording.md, Runs that panic).
func writePanic(w io.Writer, p *record.Panic) {
	fmt.Fprintln(w, banner)
	fmt.Fprintf(w, "WARNING: the run panicked: %s\n", p.Msg)
	for _, f := range p.Stack {
		fmt.Fprintf(w, "  %s()\n      %s:%d\n", f.Func, f.File, f.Line)
	}
	if c := p.Created; c != nil {
		fmt.Fprintf(w, "\nGoroutine created at:\n  %s()\n      %s:%d\n", c.Func, c.File, c.Line)
	}
	fmt.Fprintln(w, banner)
}

func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
