package query

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"gpredict/predict/explain"
	"gpredict/predict/replay"
	"gpredict/predict/report/witness"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// ReportOptions configure the reports.
type ReportOptions struct {
	Version string
	Traces  []string
	Witness witness.Mode // text only
}

// WriteText writes the answer for people: yes with the witness drawn as
// predict draws one (the events the query names marked `*`), no with the
// explanation's claim and its facts one per line, or unknown with the
// reason; then a line saying how it was settled.
func WriteText(w io.Writer, tr *trace.Trace, a *Answer, o ReportOptions) error {
	var err error
	printf := func(format string, args ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, args...)
		}
	}
	switch a.Verdict {
	case stage.Sat:
		printf("yes: a feasible schedule (%s) has %s\n", models(a), strings.Join(asked(tr, a.Query), " and "))
		if o.Witness != witness.None && err == nil {
			err = witness.Draw(w, tr, a.Witness, named(a.Query), o.Witness)
		}
		for _, p := range pendingAtEnd(tr, a) {
			printf("  %s (%s) is still in %s's store buffer at the end: no other thread has seen it\n",
				tr.ID(p), tr.EventText(p), tr.ThreadName(p.Thread))
		}
		printf("\nthe witness has %d steps and passed the replay validator; %.2fs\n", len(a.Witness), a.Seconds)
	case stage.Unsat:
		ex := a.Explanation
		printf("no: %s (%s), because\n", ex.Claim, models(a))
		for _, s := range ex.Sentences() {
			printf("  - %s\n", s)
		}
		how := "settled by must-happen-before, without the solver"
		if ex.By == explain.BySolver {
			how = "settled by the solver; the reasons are a minimal unsat core"
			if !ex.Minimal {
				how = "settled by the solver; the reasons are an unsat core (not minimised: its budget ran out)"
			}
		}
		printf("\n%s; %.2fs\n", how, a.Seconds)
	default:
		printf("unknown: the solver could not decide it (%s)\n", a.Reason)
	}
	return err
}

// models names the branch model, and the memory model unless it is SC
// (the default, which the reports have always left unsaid).
func models(a *Answer) string {
	if a.Mem == trace.SC {
		return a.Model.String() + " branch model"
	}
	return a.Model.String() + " branch model, " + strings.ToUpper(a.Mem.String()) + " memory model"
}

// asked lists the conditions as the text report names them.
func asked(tr *trace.Trace, q *Query) []string {
	var out []string
	for _, o := range q.Orders {
		out = append(out, pointName(tr, o.A)+" before "+pointName(tr, o.B))
	}
	for _, r := range q.Reads {
		out = append(out, tr.ID(r.Event)+" reading "+tr.Str(tr.Event(r.Event).Obj)+" = "+r.Value)
	}
	return out
}

// named lists the events the query names, for the witness's marks.
func named(q *Query) []trace.EventRef {
	var out []trace.EventRef
	for _, o := range q.Orders {
		out = append(out, o.A.Event, o.B.Event)
	}
	for _, r := range q.Reads {
		out = append(out, r.Event)
	}
	return out
}

// The JSON document (docs/output.md, "gpredict query"):
//
//	{"version", "traces", "branches", "memory_model" (not sc),
//	 "query": {"orders", "reads"},
//	 "answer": "yes"|"no"|"unknown", "schedule" (yes), "explain" (no),
//	 "reason" (unknown), "seconds"}
type jsonAnswer struct {
	Version  string        `json:"version"`
	Traces   []string      `json:"traces"`
	Branches string        `json:"branches"`
	Memory   string        `json:"memory_model,omitempty"`
	Query    jsonQuery     `json:"query"`
	Answer   string        `json:"answer"`
	Schedule []string      `json:"schedule,omitempty"`
	Explain  *explain.JSON `json:"explain,omitempty"`
	Reason   string        `json:"reason,omitempty"`
	Seconds  float64       `json:"seconds"`
}

type jsonQuery struct {
	Orders []string `json:"orders"`
	Reads  []string `json:"reads"`
}

// WriteJSON writes the answer as one JSON document.
func WriteJSON(w io.Writer, tr *trace.Trace, a *Answer, o ReportOptions) error {
	doc := jsonAnswer{Version: o.Version, Traces: o.Traces, Branches: a.Model.String(),
		Query: jsonQuery{Orders: []string{}, Reads: []string{}}, Seconds: math.Round(a.Seconds*1000) / 1000}
	for _, ord := range a.Query.Orders {
		doc.Query.Orders = append(doc.Query.Orders, pointName(tr, ord.A)+" < "+pointName(tr, ord.B))
	}
	for _, r := range a.Query.Reads {
		doc.Query.Reads = append(doc.Query.Reads, tr.ID(r.Event)+" reads "+tr.Str(tr.Event(r.Event).Obj)+"="+r.Value)
	}
	if a.Mem != trace.SC {
		doc.Memory = a.Mem.String()
	}
	switch a.Verdict {
	case stage.Sat:
		doc.Answer = "yes"
		for _, s := range a.Witness {
			doc.Schedule = append(doc.Schedule, s.Format(tr))
		}
	case stage.Unsat:
		doc.Answer, doc.Explain = "no", a.Explanation.ToJSON(tr)
	default:
		doc.Answer, doc.Reason = "unknown", a.Reason
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // "T2#1 < T1#4", not "T2#1 \u003c T1#4"
	return enc.Encode(doc)
}

// pendingAtEnd lists, under TSO and PSO, the writes of the witness that
// have no commit step in it: a witness is a prefix, and these writes are
// still buffered where it ends. A report says so, since the drawing shows
// when every other write becomes visible.
func pendingAtEnd(tr *trace.Trace, a *Answer) []trace.EventRef {
	if !a.Mem.Relaxed() {
		return nil
	}
	committed := map[trace.EventRef]bool{}
	for _, s := range a.Witness {
		if s.Part == replay.Commit {
			committed[s.Ref] = true
		}
	}
	var out []trace.EventRef
	for _, s := range a.Witness {
		if ev := tr.Event(s.Ref); s.Part == replay.Whole && ev.Op == trace.OpWrite && !tr.Volatile[ev.Obj] && !committed[s.Ref] {
			out = append(out, s.Ref)
		}
	}
	return out
}
