package report

import (
	"encoding/json"
	"strconv"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// scheduleJSON writes a witness schedule as a JSON array of step ids on
// one line, as docs/output.md shows it. A witness of a long recording
// has hundreds of thousands of steps and a document holds one per
// report: written through encoding/json as a []string, one id per
// indented line, the steps of the 10K-event lock-heavy recording's
// 11,528 reports were a 970 MB document and four fifths of the run
// (making every id a string, then indenting the whole). Here each id
// is appended to one buffer from its thread's quoted name, made once.
type scheduleJSON struct {
	// open[t] is thread t's `"NAME#`, its name escaped as JSON escapes
	// it.
	open [][]byte
	buf  []byte
}

func newScheduleJSON(tr *trace.Trace) *scheduleJSON {
	s := &scheduleJSON{open: make([][]byte, len(tr.Threads))}
	for t := range tr.Threads {
		q, _ := json.Marshal(tr.ThreadName(trace.ThreadID(t)))
		s.open[t] = append(q[:len(q)-1:len(q)-1], '#')
	}
	return s
}

// array returns sched as a JSON array; the bytes are reused by the next
// call.
func (s *scheduleJSON) array(sched []replay.Step) []byte {
	b := append(s.buf[:0], '[')
	for i, st := range sched {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, s.open[st.Ref.Thread]...)
		b = strconv.AppendUint(b, uint64(st.Ref.Index)+1, 10)
		b = append(b, st.Part.Suffix()...)
		b = append(b, '"')
	}
	s.buf = append(b, ']')
	return s.buf
}
