package predict

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gpredict/internal/testtrace"
	"gpredict/spec"
)

// TestFormingStopsAtBudget: when the resident memory stays past the
// budget, with the solver stages already stopped, the run forms no more
// candidates: the property being matched then, and every one after it,
// is one unknown entry with the budget as its reason, and the candidates
// formed before are still decided. The memory is a fake that passes the
// budget for good when the second property is matched; its matching
// waits for forming to stop (it fails the test after 10 s, which it does
// when the watch does not stop forming).
func TestFormingStopsAtBudget(t *testing.T) {
	tr := lockHeavy300(t)
	var past atomic.Bool
	first, second, third := race(tr), race(tr), race(tr)
	second.Prop.Name, third.Prop.Name = "Second", "Third"
	events := second.Events
	second.Events, second.Match = nil, func(ctx context.Context) ([][]spec.PropEvent, error) {
		past.Store(true)
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Error("matching went on past the budget: forming did not stop")
		}
		return events, nil
	}
	resident := func() int64 {
		if past.Load() {
			return 2 << 20
		}
		return 1 << 19
	}
	opts := Options{Jobs: 2, All: true, MemoryBudget: 1 << 20, resident: resident}
	res, err := Run(context.Background(), tr, []PropertyInput{first, second, third}, opts)
	if err != nil {
		t.Fatal(err)
	}
	free, err := Run(context.Background(), tr, []PropertyInput{race(tr)}, Options{Jobs: 2, All: true})
	if err != nil {
		t.Fatal(err)
	}
	// The first property's candidates were all formed and decided: a
	// violation, or unknown because the run was tight (no solver stage).
	var stopped []string
	tightUnknown := 0
	for _, u := range res.Unknown {
		if u.Property.Name == first.Prop.Name {
			if !strings.Contains(u.Reason, "solver stages no longer run") {
				t.Errorf("unknown candidate of the property formed before the budget: %s", u.Reason)
			}
			tightUnknown++
			continue
		}
		if len(u.Choice) != 0 || !strings.Contains(u.Reason, "before its candidates were formed") || !strings.Contains(u.Reason, "--memory") {
			t.Errorf("%s: unknown %v, %q: want one entry without events for the candidates not formed", u.Property.Name, u.Choice, u.Reason)
		}
		stopped = append(stopped, u.Property.Name)
	}
	if len(free.Violations) == 0 || len(res.Violations) == 0 || len(res.Violations)+tightUnknown != len(free.Violations)+len(free.Unknown) {
		t.Errorf("the property formed before the budget: %d violations and %d unknown, want %d decided as without a budget (%d violations)",
			len(res.Violations), tightUnknown, len(free.Violations)+len(free.Unknown), len(free.Violations))
	}
	if strings.Join(stopped, " ") != "Second Third" {
		t.Errorf("unknown entries for %v, want one for Second and one for Third", stopped)
	}
	if got := res.ExitStatus(); got != 1 {
		t.Errorf("exit status %d, want 1 (violations found)", got)
	}
}

// TestFormingStopReasons: the entry of the property whose forming the
// budget cut says how many of its candidates were formed; the ones after
// it say none was; properties without a pattern (the built-ins) get none.
func TestFormingStopReasons(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 write x 2\n")
	a, b := race(tr), race(tr)
	builtin := PropertyInput{Prop: &spec.Property{Name: "Builtin"}}
	for _, tc := range []struct {
		props []PropertyInput
		stop  formingStop
		want  []string
	}{
		{[]PropertyInput{a, builtin, b}, formingStop{prop: -1}, nil},
		{[]PropertyInput{a, builtin, b}, formingStop{prop: 0, formed: 7}, []string{"after 7 of them", "before its candidates were formed"}},
		{[]PropertyInput{a, builtin, b}, formingStop{prop: 0}, []string{"before its candidates were formed", "before its candidates were formed"}},
		{[]PropertyInput{a, b}, formingStop{prop: 1, formed: 3}, []string{"after 3 of them"}},
	} {
		got := tc.stop.unknown(tc.props, 1<<30)
		if len(got) != len(tc.want) {
			t.Fatalf("%+v: %d entries, want %d", tc.stop, len(got), len(tc.want))
		}
		for i, u := range got {
			if !strings.Contains(u.Reason, tc.want[i]) || !strings.Contains(u.Reason, "1.0 GiB, --memory") {
				t.Errorf("%+v: entry %d: %q, want it to say %q and the budget", tc.stop, i, u.Reason, tc.want[i])
			}
		}
	}
}
