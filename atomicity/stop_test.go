package atomicity

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
)

// TestCheckStops: a check whose stop signal has closed ends at its next
// look (every stopEvery events), reports what it found in the events it
// checked, and is not serializable: nothing is known of the rest. Its
// reports say so.
func TestCheckStops(t *testing.T) {
	var b strings.Builder
	for i := range 3 * stopEvery {
		fmt.Fprintf(&b, "T%d write x %d\n", i%2+1, i)
	}
	tr := testtrace.Text(t, b.String())
	order, err := RecordedOrder(tr)
	if err != nil {
		t.Fatal(err)
	}
	if res := Check(tr, order, Options{Atomic: namedAtomic(tr), Stop: make(chan struct{})}); res.Interrupted || !res.Serializable() || res.Checked != len(order) {
		t.Fatalf("unstopped check: interrupted %v, serializable %v, %d of %d events checked", res.Interrupted, res.Serializable(), res.Checked, len(order))
	}
	stop := make(chan struct{})
	close(stop)
	res := Check(tr, order, Options{Atomic: namedAtomic(tr), Stop: stop})
	if !res.Interrupted || res.Serializable() || res.Checked >= len(order) {
		t.Fatalf("stopped check: interrupted %v, serializable %v, %d of %d events checked", res.Interrupted, res.Serializable(), res.Checked, len(order))
	}
	var text, js bytes.Buffer
	opts := ReportOptions{Atomic: []string{"atomic()"}}
	if err := WriteText(&text, tr, res, opts); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&js, tr, res, opts); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("interrupted after 0 of %d events: no violation in them;", len(order)); !strings.Contains(text.String(), want) {
		t.Errorf("text report %q does not say %q", text.String(), want)
	}
	if !strings.Contains(js.String(), `"interrupted": true`) || !strings.Contains(js.String(), `"serializable": false`) {
		t.Errorf("JSON report does not say it was interrupted:\n%s", js.String())
	}
}
