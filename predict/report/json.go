package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"math"

	"gpredict/predict"
	"gpredict/predict/replay"
	"gpredict/predict/report/witness"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// The JSON document of docs/output.md. Keys and nesting are the contract:
//
//	{"version", "traces", "stats": {threads, events, propertyEvents,
//	 seconds, candidates, prefiltered, solverCalls},
//	 "violations": [{property, binding, events: [{id, name, loc}],
//	                 schedule (left out with --witness none), count,
//	                 fingerprint}],
//	 "unknown": [{property, binding, events, reason}],
//	 "warnings": [{code, message, pos}],
//	 "explained" (with --explain): {"refuted": [{property, binding, events,
//	                explain: {claim, by, minimal, facts: [{kind, events, text}]}}],
//	                "shown", "undecided"}}
//
// binding keeps the property's parameter order; loc is "" for an event
// without a location; an unknown candidate is never grouped; pos is left
// out of a warning that has no place.

type jsonDoc struct {
	Version    string          `json:"version"`
	Traces     []string        `json:"traces"`
	Stats      jsonStats       `json:"stats"`
	Violations []jsonViolation `json:"violations"`
	Unknown    []jsonUnknown   `json:"unknown"`
	Warnings   []Warning       `json:"warnings"`
	// Interrupted is present (true) only when an interrupt stopped the
	// run: the document holds what was found before. Truncated is
	// there too when it stopped the writing (truncate.go): the document
	// then holds Written of the Reports reports, UnknownWritten of the
	// Unknown unknown candidates.
	Interrupted bool        `json:"interrupted,omitempty"`
	Truncated   *truncation `json:"truncated,omitempty"`
	// Explained is there with --explain (refuted.go).
	Explained *jsonExplained `json:"explained,omitempty"`
	// MemoryModel is there (tso, pso) only when it is not SC.
	MemoryModel string `json:"memory_model,omitempty"`
}

type jsonStats struct {
	Threads        int     `json:"threads"`
	Events         int     `json:"events"`
	PropertyEvents int     `json:"propertyEvents"`
	Seconds        float64 `json:"seconds"`
	Candidates     int     `json:"candidates"`
	Prefiltered    int     `json:"prefiltered"`
	SolverCalls    int     `json:"solverCalls"`
	Skipped        int     `json:"skipped"`
	// Undecided counts the candidates an interrupt left undecided.
	Undecided int `json:"undecided"`
	// Baselined and Suppressed count the reports left out by --baseline
	// and by suppressions (report.Filter).
	Baselined  int `json:"baselined"`
	Suppressed int `json:"suppressed"`
	// Stages has one entry per stage of the decision ladder, in ladder
	// order: how many candidates reached it and what it settled.
	Stages []jsonStage `json:"stages"`
}

type jsonStage struct {
	Name    string  `json:"name"`
	Tried   int     `json:"tried"`
	Found   int     `json:"found"`
	Refuted int     `json:"refuted"`
	Unknown int     `json:"unknown"`
	Seconds float64 `json:"seconds"`
}

type jsonViolation struct {
	Property string      `json:"property"`
	Binding  jsonBinding `json:"binding"`
	Events   []jsonEvent `json:"events"`
	// Schedule is written by scheduleJSON, on one line, in place of
	// schedulePlaceholder; with --witness none it is left out.
	Schedule json.RawMessage `json:"schedule,omitempty"`
	Count    int             `json:"count"`
	// Fingerprint identifies the report across runs (predict.Fingerprint),
	// for --baseline.
	Fingerprint string `json:"fingerprint"`
}

type jsonUnknown struct {
	Property string      `json:"property"`
	Binding  jsonBinding `json:"binding"`
	Events   []jsonEvent `json:"events"`
	Reason   string      `json:"reason"`
}

type jsonEvent struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Loc  string `json:"loc"`
}

// jsonBinding is an object whose keys keep the parameter order.
type jsonBinding [][2]string

func (b jsonBinding) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, kv := range b {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := json.Marshal(kv[0])
		v, _ := json.Marshal(kv[1])
		buf.Write(k)
		buf.WriteByte(':')
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// WriteJSON writes the JSON document of docs/output.md. Once o.Stop has
// closed it writes no more reports or unknown candidates (truncate.go).
func WriteJSON(w io.Writer, r *predict.Result, o Options) error {
	tr := r.Trace
	doc := jsonDoc{
		Version: o.Version,
		Traces:  append([]string{}, o.Traces...),
		Stats: jsonStats{
			Threads: r.Stats.Threads, Events: r.Stats.Events, PropertyEvents: r.Stats.PropertyEvents,
			Seconds:    math.Round(r.Stats.Seconds*1000) / 1000,
			Candidates: r.Stats.Candidates, Prefiltered: r.Stats.Prefiltered, SolverCalls: r.Stats.SolverCalls,
			Skipped: r.Stats.Skipped, Undecided: r.Stats.Undecided, Stages: jsonStages(r.Stats.Stages),
			Baselined: o.Filtered.Baselined, Suppressed: o.Filtered.Suppressed,
		},
		Violations:  []jsonViolation{},
		Unknown:     []jsonUnknown{},
		Warnings:    append([]Warning{}, o.Warnings...),
		Interrupted: r.Interrupted,
		Explained:   explainedJSON(tr, r.Explained),
	}
	doc.MemoryModel = memoryModelName(r.Mem)
	reps := r.Reports(o.All)
	cut := newTruncation(len(reps), len(r.Unknown))
	for _, u := range r.Unknown {
		if !cut.more(o.Stop) {
			break
		}
		cut.unknown()
		doc.Unknown = append(doc.Unknown, jsonUnknown{
			Property: u.Property.Name,
			Binding:  predict.BindingPairs(tr, u.Property, u.Binding),
			Events:   jsonEvents(tr, u.Property, u.Alt, u.Choice),
			Reason:   u.Reason,
		})
	}
	// The violations are written one at a time: a witness of a long
	// recording has hundreds of thousands of steps, and the document
	// holds one per report. The rest of the document is encoded as
	// usual and the violations spliced in with the same indentation,
	// and the event index added after the last key. A document cut short
	// says so after the violations, so its rest is encoded again.
	whole, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	const empty = `"violations": []`
	at := bytes.Index(whole, []byte(empty))
	bw := bufio.NewWriter(w)
	bw.Write(whole[:at])
	bw.WriteString(`"violations": [`)
	named := newEventSet(tr)
	schedules := newScheduleJSON(tr)
	for _, u := range r.Unknown[:cut.UnknownWritten] {
		named.add(u.Choice...)
	}
	for i, rep := range reps {
		if !cut.more(o.Stop) {
			break
		}
		cut.report()
		named.add(rep.Choice...)
		jv := jsonViolation{
			Property:    rep.Property.Name,
			Binding:     predict.BindingPairs(tr, rep.Property, rep.Binding),
			Events:      jsonEvents(tr, rep.Property, rep.Alt, rep.Choice),
			Count:       rep.Count,
			Fingerprint: predict.Fingerprint(tr, rep.Property, rep.Alt, rep.Choice),
		}
		var sched []replay.Step
		if o.Witness != witness.None {
			if sched, err = rep.Schedule(tr); err != nil {
				return err
			}
			for _, s := range sched {
				named.add(s.Ref)
			}
			jv.Schedule = json.RawMessage(schedulePlaceholder)
		}
		v, err := json.MarshalIndent(jv, "    ", "  ")
		if err != nil {
			return err
		}
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString("\n    ")
		if jv.Schedule == nil {
			bw.Write(v)
			continue
		}
		at := bytes.LastIndex(v, []byte(scheduleKey))
		bw.Write(v[:at+len(scheduleKey)-len(schedulePlaceholder)])
		bw.Write(schedules.array(sched))
		bw.Write(v[at+len(scheduleKey):])
	}
	if cut.Written > 0 {
		bw.WriteString("\n  ]")
	} else {
		bw.WriteString("]")
	}
	if cut.cut {
		doc.Interrupted, doc.Truncated = true, cut
		if whole, err = json.MarshalIndent(doc, "", "  "); err != nil {
			return err
		}
	}
	rest := whole[bytes.Index(whole, []byte(empty))+len(empty):]
	bw.Write(rest[:len(rest)-2]) // without the closing "\n}"
	bw.WriteString(",\n  \"eventIndex\": ")
	if err := named.writeJSON(bw); err != nil {
		return err
	}
	bw.WriteString("\n}\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	return cut.err()
}

func jsonEvents(tr *trace.Trace, p *spec.Property, alt int, choice []trace.EventRef) []jsonEvent {
	out := make([]jsonEvent, 0, len(choice))
	for _, e := range predict.ReportedEventsOf(p, alt, choice) {
		out = append(out, jsonEvent{ID: tr.ID(e.Ref), Name: e.Name, Loc: predict.EventLoc(tr, e.Ref)})
	}
	return out
}

// schedulePlaceholder stands for a violation's schedule while the rest
// of it is encoded; scheduleKey is how it then reads. Nothing after the
// schedule key is a string (count, a hexadecimal fingerprint), so its
// last occurrence is the key's.
const (
	schedulePlaceholder = "0"
	scheduleKey         = `"schedule": ` + schedulePlaceholder
)

func jsonStages(st []stage.StageStats) []jsonStage {
	out := make([]jsonStage, 0, len(st))
	for _, s := range st {
		out = append(out, jsonStage{Name: s.Name, Tried: s.Tried, Found: s.Found, Refuted: s.Refuted, Unknown: s.Unknown,
			Seconds: math.Round(s.Time.Seconds()*1000) / 1000})
	}
	return out
}

// memoryModelName is the memory model as the JSON document names it: ""
// (left out) for SC, which every document before the models assumed.
func memoryModelName(m trace.MemoryModel) string {
	if m == trace.SC {
		return ""
	}
	return m.String()
}
