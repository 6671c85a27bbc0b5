package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
	"gpredict/predict"
)

// closedStop is an Options.Stop that has closed: the writer writes no
// report.
func closedStop() <-chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// stopOnWrite is a writer that closes stop when it is first written to:
// with the writers' buffering, that is partway through the reports.
type stopOnWrite struct {
	buf  bytes.Buffer
	stop chan struct{}
}

func (w *stopOnWrite) Write(p []byte) (int, error) {
	select {
	case <-w.stop:
	default:
		close(w.stop)
	}
	return w.buf.Write(p)
}

// manyRaces is a trace with n racing pairs of writes at distinct
// locations, so that it has n² reports.
func manyRaces(n int) string {
	var b strings.Builder
	b.WriteString("T1 fork T2\n")
	for t := 1; t <= 2; t++ {
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "T%d write x %d @T%d.java:%d\n", t, i, t, i)
		}
	}
	return b.String()
}

// TestTruncatedDocuments: a writer stopped partway completes its document,
// which holds the reports written before the stop and says how many of
// the result's it holds; without a stop nothing is cut.
func TestTruncatedDocuments(t *testing.T) {
	tr := testtrace.Text(t, manyRaces(12))
	res := run(t, tr, true, nil, property(t, tr, "Race"))
	if len(res.Violations) < 100 {
		t.Fatalf("%d violations; the test needs more", len(res.Violations))
	}
	writers := map[string]func(io.Writer, *predict.Result, Options) error{"text": WriteText, "json": WriteJSON}
	for name, write := range writers {
		w := &stopOnWrite{stop: make(chan struct{})}
		if err := write(w, res, Options{All: true, Stop: w.stop}); !errors.Is(err, ErrTruncated) {
			t.Fatalf("%s: %v, want ErrTruncated", name, err)
		}
		out := w.buf.String()
		var written, reports int
		switch name {
		case "text":
			m := regexp.MustCompile(`(?m)^truncated: an interrupt stopped the writing after (\d+) of (\d+) reports$`).FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("text: no truncated line in\n%s", out)
			}
			fmt.Sscan(m[1], &written)
			fmt.Sscan(m[2], &reports)
			if got := len(regexp.MustCompile(`(?m)^\[\d+/\d+\] Race`).FindAllString(out, -1)); got != written {
				t.Errorf("text: %d reports written, the truncated line says %d", got, written)
			}
		case "json":
			var doc struct {
				Violations  []json.RawMessage
				Interrupted bool
				Truncated   *struct{ Reports, Written int }
			}
			if err := json.Unmarshal(w.buf.Bytes(), &doc); err != nil {
				t.Fatalf("json: %v", err)
			}
			if !doc.Interrupted || doc.Truncated == nil {
				t.Fatalf("json: interrupted %v, truncated %v", doc.Interrupted, doc.Truncated)
			}
			written, reports = doc.Truncated.Written, doc.Truncated.Reports
			if len(doc.Violations) != written {
				t.Errorf("json: %d violations, truncated says %d written", len(doc.Violations), written)
			}
		}
		if written == 0 || written >= reports || reports != len(res.Violations) {
			t.Errorf("%s: %d of %d reports written, of %d; want some, not all", name, written, reports, len(res.Violations))
		}
		var whole bytes.Buffer
		if err := write(&whole, res, Options{All: true, Stop: make(chan struct{})}); err != nil {
			t.Fatalf("%s without a stop: %v", name, err)
		}
		if strings.Contains(whole.String(), "truncated") {
			t.Errorf("%s without a stop says truncated", name)
		}
	}
}
