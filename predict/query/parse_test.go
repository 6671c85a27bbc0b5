package query

import (
	"reflect"
	"strings"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

const parseTrace = `T1 fork T2
T1 acquire m
T1 wait m
T1 read x 1
T1 release m
T2 acquire m
T2 write x 1
T2 notify m
T2 release m
`

func parsed(t testing.TB) *trace.Trace {
	t.Helper()
	return testtrace.Text(t, parseTrace)
}

func TestParse(t *testing.T) {
	tr := parsed(t)
	at := func(id string, part encode.Part) Point {
		r, ok := tr.Ref(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		return Point{Event: r, Part: part}
	}
	cases := []struct {
		orders, reads []string
		want          []string // the orders and reads as they read back
		err           string
	}{
		{orders: []string{"T2#3 < T1#3.wake"}, want: []string{"T2#3 < T1#3.wake"}},
		{orders: []string{"T2#2<T1#4<T2#4"}, want: []string{"T2#2 < T1#4", "T1#4 < T2#4"}},
		{orders: []string{"  T1#3.release <  T1#3.reacquire "}, want: []string{"T1#3.release < T1#3.reacquire"}},
		{reads: []string{"T1#4 reads 1"}, want: []string{"T1#4 reads 1"}},
		{reads: []string{"T1#4 reads x=0", "T1#4 reads x = 2"}, want: []string{"T1#4 reads 0", "T1#4 reads 2"}},
		{err: "query: nothing asked; give --order \"EVENT < EVENT\" or --reads \"EVENT reads VALUE\""},
		{orders: []string{"T1#1"}, err: `--order "T1#1": want EVENT < EVENT, e.g. "T2#1 < T1#4"`},
		{orders: []string{"T1#1 < T 1#2"}, err: `--order "T1#1 < T 1#2": "T 1#2" is not an event id; want THREAD#N`},
		{orders: []string{"T1#1 < T1#x"}, err: `--order "T1#1 < T1#x": event id "T1#x": want THREAD#N with N ≥ 1`},
		{orders: []string{"T1#3.wake < T1#3.wake"}, err: `--order "T1#3.wake < T1#3.wake": T1#3.wake cannot come before itself`},
		{orders: []string{"T1#2.wake < T1#3"}, err: `--order "T1#2.wake < T1#3": T1#2 is an acquire, not a wait: only a wait has parts (.release, .wake, .reacquire)`},
		{reads: []string{"T1#3 reads 1"}, err: `--reads "T1#3 reads 1": T1#3 is a wait, not a read`},
		{reads: []string{"T1#4 reads x="}, err: `--reads "T1#4 reads x=": want EVENT reads VALUE (or EVENT reads VAR=VALUE), e.g. "T1#9 reads 0"`},
		{reads: []string{"T1#4 reads x=1=2"}, err: `--reads "T1#4 reads x=1=2": want EVENT reads VALUE (or EVENT reads VAR=VALUE), e.g. "T1#9 reads 0"`},
	}
	for _, c := range cases {
		q, err := Parse(tr, c.orders, c.reads)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q %q: error %v, want %s", c.orders, c.reads, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q %q: %v", c.orders, c.reads, err)
			continue
		}
		if got := readBack(tr, q); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q %q: read back as %q, want %q", c.orders, c.reads, got, c.want)
		}
	}
	q, _ := Parse(tr, []string{"T2#3 < T1#3.wake"}, nil)
	if want := (Order{A: at("T2#3", encode.Whole), B: at("T1#3", encode.Wake), Text: "T2#3 < T1#3.wake"}); q.Orders[0] != want {
		t.Errorf("got %+v, want %+v", q.Orders[0], want)
	}
}

// readBack renders a query in the syntax Parse reads.
func readBack(tr *trace.Trace, q *Query) []string {
	var out []string
	for _, o := range q.Orders {
		out = append(out, pointName(tr, o.A)+" < "+pointName(tr, o.B))
	}
	for _, r := range q.Reads {
		out = append(out, tr.ID(r.Event)+" reads "+r.Value)
	}
	return out
}

// Parse never panics; what it accepts names events of the trace, reads
// back as what it means, and parses again to the same query.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"T2#3 < T1#3.wake", "T1#1<T2#1<T1#2", "T1#4 reads x=1", "T1#4 reads 0", "T9#1 < T1#1",
		"T1#3.release < T1#3", "#1 < #2", "T1#4 reads", "<", "T1#99999999999 < T1#1"} {
		f.Add(s)
	}
	tr := parsed(f)
	f.Fuzz(func(t *testing.T, s string) {
		var orders, reads []string
		if strings.Contains(s, "reads") {
			reads = []string{s}
		} else {
			orders = []string{s}
		}
		q, err := Parse(tr, orders, reads)
		if err != nil {
			return
		}
		back := readBack(tr, q)
		var o2, r2 []string
		for _, b := range back {
			if strings.Contains(b, " reads ") {
				r2 = append(r2, b)
			} else {
				o2 = append(o2, b)
			}
		}
		q2, err := Parse(tr, o2, r2)
		if err != nil {
			t.Fatalf("%q reads back as %q, which does not parse: %v", s, back, err)
		}
		if got := readBack(tr, q2); !reflect.DeepEqual(got, back) {
			t.Fatalf("%q: %q, then %q", s, back, got)
		}
	})
}
