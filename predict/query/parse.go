package query

import (
	"fmt"
	"strings"

	"gpredict/encode"
	"gpredict/spec"
	"gpredict/trace"
)

// Point is a place in a schedule a query names: an event, or one part of
// a wait ("T1#4.wake"). An event without a part stands for all of it: an
// order from it starts at its last step, an order to it ends at its first.
type Point struct {
	Event trace.EventRef
	// Part is the part named (encode.Whole: none).
	Part encode.Part
}

// Order asks for A before B, both in the schedule.
type Order struct {
	A, B Point
	// Text is the condition as given (for messages).
	Text string
}

// Read asks that Event, a read, is in the schedule and returns Value.
type Read struct {
	Event trace.EventRef
	Value string
	Text  string
}

// Query is what a user asks: is there a feasible schedule with all of
// these orders and read values?
type Query struct {
	Orders []Order
	Reads  []Read
}

// Parse resolves the conditions against the trace: each order is
// "EVENT < EVENT" (or a chain "A < B < C", which is A < B and B < C), each
// read "EVENT reads VALUE" or "EVENT reads VAR=VALUE". An error names the
// condition and what is wrong with it; nothing is guessed.
func Parse(tr *trace.Trace, orders, reads []string) (*Query, error) {
	q := &Query{}
	for _, s := range orders {
		os, err := parseOrder(tr, s)
		if err != nil {
			return nil, fmt.Errorf("--order %q: %w", s, err)
		}
		q.Orders = append(q.Orders, os...)
	}
	for _, s := range reads {
		r, err := parseRead(tr, s)
		if err != nil {
			return nil, fmt.Errorf("--reads %q: %w", s, err)
		}
		q.Reads = append(q.Reads, r)
	}
	if len(q.Orders) == 0 && len(q.Reads) == 0 {
		return nil, fmt.Errorf("query: nothing asked; give --order \"EVENT < EVENT\" or --reads \"EVENT reads VALUE\"")
	}
	return q, nil
}

func parseOrder(tr *trace.Trace, s string) ([]Order, error) {
	fields := strings.Split(s, "<")
	if len(fields) < 2 {
		return nil, fmt.Errorf("want EVENT < EVENT, e.g. \"T2#1 < T1#4\"")
	}
	points := make([]Point, len(fields))
	for i, f := range fields {
		p, err := ParsePoint(tr, strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		points[i] = p
	}
	var out []Order
	for i := 0; i+1 < len(points); i++ {
		a, b := points[i], points[i+1]
		if a == b {
			return nil, fmt.Errorf("%s cannot come before itself", pointName(tr, a))
		}
		out = append(out, Order{A: a, B: b, Text: s})
	}
	return out, nil
}

// ParsePoint reads an event id, or a part of a wait ("T1#4.wake"), and
// says exactly what is wrong with one that names no event of tr.
func ParsePoint(tr *trace.Trace, s string) (Point, error) {
	if s == "" {
		return Point{}, fmt.Errorf("an event id is missing; want EVENT < EVENT, e.g. \"T2#1 < T1#4\"")
	}
	if strings.ContainsAny(s, " \t") {
		return Point{}, fmt.Errorf("%q is not an event id; want THREAD#N", s)
	}
	id, part := s, encode.Whole
	if dot := strings.LastIndexByte(s, '.'); dot > strings.LastIndexByte(s, '#') {
		p, ok := trace.PartNamed(s[dot+1:])
		if !ok {
			return Point{}, fmt.Errorf("%q: a part is .release, .wake or .reacquire (of a wait), or .commit (of a write)", s)
		}
		id, part = s[:dot], p
	}
	r, err := resolve(tr, id)
	if err != nil {
		return Point{}, err
	}
	if ev := tr.Event(r); part == encode.Commit {
		if err := commitPoint(tr, id, ev); err != nil {
			return Point{}, err
		}
	} else if part != encode.Whole && ev.Op != trace.OpWait {
		return Point{}, fmt.Errorf("%s is %s, not a wait: only a wait has parts (.release, .wake, .reacquire)", id, withArticle(ev.Op))
	}
	return Point{Event: r, Part: part}, nil
}

// resolve finds the event of id, or says exactly why there is none.
func resolve(tr *trace.Trace, id string) (trace.EventRef, error) {
	name, k, err := trace.SplitID(id)
	if err != nil {
		return trace.EventRef{}, err
	}
	t, ok := tr.ThreadByName(name)
	if !ok {
		names := make([]string, len(tr.Threads))
		for i := range tr.Threads {
			names[i] = tr.ThreadName(trace.ThreadID(i))
		}
		msg := fmt.Sprintf("no thread %s in the trace (threads: %s)", name, strings.Join(names, ", "))
		if s := spec.Suggest(name, names); s != "" {
			msg = fmt.Sprintf("no thread %s in the trace (did you mean %s?)", name, s)
		}
		return trace.EventRef{}, fmt.Errorf("%s", msg)
	}
	if n := len(tr.Threads[t].Events); int(k) >= n {
		return trace.EventRef{}, fmt.Errorf("%s has %d event%s, so there is no %s", name, n, plural(n), id)
	}
	return trace.EventRef{Thread: t, Index: k}, nil
}

// withArticle is "a write", "an acquire".
func withArticle(op trace.Op) string {
	if strings.ContainsRune("aeiou", rune(op.String()[0])) {
		return "an " + op.String()
	}
	return "a " + op.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func parseRead(tr *trace.Trace, s string) (Read, error) {
	want := fmt.Errorf("want EVENT reads VALUE (or EVENT reads VAR=VALUE), e.g. \"T1#9 reads 0\"")
	fields := strings.Fields(s)
	if len(fields) < 3 || fields[1] != "reads" {
		return Read{}, want
	}
	r, err := resolve(tr, fields[0])
	if err != nil {
		return Read{}, err
	}
	ev := tr.Event(r)
	if ev.Op != trace.OpRead {
		return Read{}, fmt.Errorf("%s is %s, not a read", fields[0], withArticle(ev.Op))
	}
	val := strings.Join(fields[2:], "")
	if len(fields) > 3 && !strings.Contains(val, "=") {
		return Read{}, want // "reads 0 1": one value only
	}
	if v, value, ok := strings.Cut(val, "="); ok {
		if v != tr.Str(ev.Obj) {
			return Read{}, fmt.Errorf("%s reads %s, not %s", fields[0], tr.Str(ev.Obj), v)
		}
		val = value
	}
	if val == "" || strings.Contains(val, "=") {
		return Read{}, want
	}
	return Read{Event: r, Value: val, Text: s}, nil
}

// pointName renders p as in a witness ("T1#4", "T1#4.wake").
func pointName(tr *trace.Trace, p Point) string {
	return trace.Step{Ref: p.Event, Part: p.Part}.Format(tr)
}
