package main

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"gpredict/predict"
	"gpredict/predict/report"
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
// them in sum, leaving out the Blocked ends that the run itself blocked
// in (waiting: the goroutines record found waiting when the run did not
// end by itself), which writeBlocked reports. Its error is a witness that
// cannot be read back.
func writeTestReports(w io.Writer, tr *trace.Trace, r *predict.Result, mode witness.Mode, waiting map[string]bool, sum *testSummary) error {
	if sum.byProp == nil {
		sum.byProp, sum.tests = map[string]int{}, map[string]bool{}
	}
	sum.unknown += len(r.Unknown)
	tests := testOfThreads(tr)
	var order []string
	byTest := map[string][]testReport{}
	shown := map[string]bool{}
	for _, rep := range r.Reports(false) {
		if blockedAsTheRunDid(tr, rep, waiting) {
			continue
		}
		for _, tp := range splitByTest(rep, tests) {
			if tp.rep.Property.Name == "Blocked" {
				if shown[tp.key()] {
					continue // a part of another end, shown already
				}
				shown[tp.key()] = true
			}
			if _, seen := byTest[tp.test]; !seen {
				order = append(order, tp.test)
			}
			byTest[tp.test] = append(byTest[tp.test], tp)
		}
	}
	for _, test := range order {
		name := test
		if name == "" {
			name = "(outside the tests)"
		}
		fmt.Fprintf(w, "--- %s: %s\n", name, countOf(len(byTest[test]), "report"))
		for _, tp := range byTest[test] {
			if err := writeTestReport(w, tr, tp, tests, mode); err != nil {
				return err
			}
			sum.reports++
			sum.byProp[tp.rep.Property.Name]++
			sum.tests[name] = true
		}
	}
	if len(r.Unknown) > 0 {
		// What they are and why, as predict counts them: the summary's
		// count alone says nothing a user can act on.
		fmt.Fprintf(w, "--- %s, by property and reason (predict --all on the trace that --out keeps lists each):\n", countOf(len(r.Unknown), "unknown candidate"))
		for _, row := range report.UnknownRows(r.Unknown) {
			fmt.Fprintf(w, "  %s\n", row)
		}
	}
	return nil
}

func writeTestReport(w io.Writer, tr *trace.Trace, tp testReport, tests map[trace.ThreadID]string, mode witness.Mode) error {
	fmt.Fprintln(w, banner)
	where := ""
	involved := map[string]bool{}
	for _, e := range tp.events {
		if t := tests[e.Ref.Thread]; t != "" {
			involved[t] = true
		}
	}
	if len(involved) > 0 {
		where = " in " + strings.Join(sortedKeys(involved), " and ")
	}
	fmt.Fprintf(w, "WARNING: %s (predicted)%s\n", tp.rep.Property.Name, where)
	var goroutines []trace.ThreadID
	seen := map[trace.ThreadID]bool{}
	for _, e := range tp.events {
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
		for _, e := range tp.events {
			marked = append(marked, e.Ref)
		}
		sched, err := tp.rep.Schedule(tr)
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
	frames, ok := framesOf(tr, r)
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

// framesOf is the call stack of r as gpredict test shows it: without the
// closure that the recorder wraps a go statement's call in (record's
// goStmt), the outermost frame of each goroutine the statement starts.
// That frame is a closure of the function with the go statement, at its
// line, which the program does not have and the race detector does not
// show: the outermost frame, at the file and line of the innermost frame
// of the fork's stack, named as a closure of its function.
func framesOf(tr *trace.Trace, r trace.EventRef) ([]trace.Frame, bool) {
	frames, ok := tr.Stack(r)
	t := tr.Threads[r.Thread]
	if !ok || len(frames) < 2 || !t.HasFork {
		return frames, ok
	}
	at, forked := tr.Stack(t.ForkedBy)
	if !forked || len(at) == 0 {
		return frames, ok
	}
	outer, site := frames[len(frames)-1], at[0]
	if outer.File == site.File && outer.Line == site.Line && isClosureOf(outer.Func, site.Func) {
		return frames[:len(frames)-1], true
	}
	return frames, true
}

// isClosureOf reports whether fn names a function literal of the
// function named outer, as the compiler names them: outer.funcN, or
// outer.N inside another literal.
func isClosureOf(fn, outer string) bool {
	rest, ok := strings.CutPrefix(fn, outer+".")
	if !ok {
		return false
	}
	rest = strings.TrimPrefix(rest, "func")
	if rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
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
