package main

import (
	"fmt"

	"gpredict/predict"
	"gpredict/record"
	"gpredict/trace"
)

// How gpredict test shows Blocked ends: a report per test, and none for
// the end a run that blocked is in (the run's own report says it).

// testReport is a report as gpredict test shows it under one test: the
// report and the chosen events it shows.
type testReport struct {
	test   string
	rep    predict.Report
	events []predict.ReportedEvent
}

// key tells the parts of Blocked ends apart: the test and the events
// shown.
func (tp testReport) key() string {
	k := tp.test
	for _, e := range tp.events {
		k += fmt.Sprintf("\x00%d#%d", e.Ref.Thread, e.Ref.Index)
	}
	return k
}

// splitByTest places rep under the test of its first event, except a
// Blocked end whose waiting goroutines belong to several tests: it is one
// report per test, each showing that test's goroutines, as a leak of one
// test is independent of another's (the end's witness leaves them all
// waiting, so it shows each part too).
func splitByTest(rep predict.Report, tests map[trace.ThreadID]string) []testReport {
	evs := rep.ReportedEvents()
	if rep.Property.Name != "Blocked" {
		return []testReport{{tests[evs[0].Ref.Thread], rep, evs}}
	}
	var out []testReport
	at := map[string]int{}
	for _, e := range evs {
		test := tests[e.Ref.Thread]
		i, ok := at[test]
		if !ok {
			i = len(out)
			at[test] = i
			out = append(out, testReport{test: test, rep: rep})
		}
		out[i].events = append(out[i].events, e)
	}
	return out
}

// waitingAtEnd names the goroutines that res's run left waiting when it
// did not end by itself (a deadlock the runtime found, a time-out, a
// kill); none for a run that ended.
func waitingAtEnd(res *record.Result) map[string]bool {
	out := map[string]bool{}
	for _, b := range res.Blocked {
		out[b.Thread] = true
	}
	return out
}

// blockedAsTheRunDid reports whether rep is a Blocked end that the run
// itself ended in: each goroutine it leaves waiting is one the run left
// waiting (waiting), at its last recorded event. The run's own report
// says that already, with every waiting goroutine and the lock holders;
// the end is not predicted, it happened. Leaks of a run that ended by
// itself stay reports: nothing else names them.
func blockedAsTheRunDid(tr *trace.Trace, rep predict.Report, waiting map[string]bool) bool {
	if rep.Property.Name != "Blocked" || len(waiting) == 0 {
		return false
	}
	for _, e := range rep.ReportedEvents() {
		th := e.Ref.Thread
		if !waiting[tr.ThreadName(th)] || int(e.Ref.Index) != len(tr.Threads[th].Events)-1 {
			return false
		}
	}
	return true
}
