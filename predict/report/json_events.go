package report

import (
	"bufio"
	"encoding/json"

	"gpredict/predict/report/witness"
	"gpredict/trace"
)

// eventSet collects the events a JSON document names (in schedules and
// choices), for its eventIndex: a schedule lists ids only, and the index
// says once per event what it is and where, so that the document stays
// as small as the ids make it however often a long prefix recurs.
type eventSet struct {
	tr   *trace.Trace
	seen [][]bool // by thread, by index
}

func newEventSet(tr *trace.Trace) *eventSet {
	s := &eventSet{tr: tr, seen: make([][]bool, len(tr.Threads))}
	for t, th := range tr.Threads {
		s.seen[t] = make([]bool, len(th.Events))
	}
	return s
}

func (s *eventSet) add(refs ...trace.EventRef) {
	for _, r := range refs {
		s.seen[r.Thread][r.Index] = true
	}
}

// jsonEventInfo is an eventIndex entry: the event's text-format line
// without thread and location, and its location ("" if none).
type jsonEventInfo struct {
	Event string `json:"event"`
	Loc   string `json:"loc"`
}

// writeJSON writes the index as an object from id to jsonEventInfo, in
// trace order (thread by thread), indented as a key of the document.
func (s *eventSet) writeJSON(bw *bufio.Writer) error {
	bw.WriteString("{")
	first := true
	for t := range s.seen {
		for i, ok := range s.seen[t] {
			if !ok {
				continue
			}
			ref := trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)}
			text, loc := witness.Describe(s.tr, ref)
			id, _ := json.Marshal(s.tr.ID(ref))
			info, err := json.Marshal(jsonEventInfo{Event: text, Loc: loc})
			if err != nil {
				return err
			}
			if !first {
				bw.WriteByte(',')
			}
			first = false
			bw.WriteString("\n    ")
			bw.Write(id)
			bw.WriteString(": ")
			bw.Write(info)
		}
	}
	if !first {
		bw.WriteString("\n  ")
	}
	bw.WriteString("}")
	return nil
}
