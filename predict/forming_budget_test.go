package predict

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
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
	// violation, or unknown because the run was tight (no solver stage)
	// or because their problems passed the bound the budget sets on one
	// (128 atoms under 1 MiB).
	var stopped []string
	tightUnknown := 0
	for _, u := range res.Unknown {
		if u.Property.Name == first.Prop.Name {
			if !strings.Contains(u.Reason, "solver stages no longer run") && !strings.Contains(u.Reason, "order atoms, the most one candidate's may hold under the memory budget") {
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

// slowRefuter refutes every candidate after a pause, so that the workers
// hold forming back (its queue fills) and the budget stops it within a
// property; the memory is past the budget from its first candidate on.
type slowRefuter struct{ past *atomic.Bool }

func (d slowRefuter) Decide(encode.Candidate) Decision {
	d.past.Store(true)
	time.Sleep(time.Millisecond)
	return Decision{Verdict: Unsat}
}

func (slowRefuter) Close() {}

// refuter refutes every candidate at once.
type refuter struct{}

func (refuter) Decide(encode.Candidate) Decision { return Decision{Verdict: Unsat} }
func (refuter) Close()                           {}

// TestFormingStopsWithinProperty: stopped while a property's candidates
// are formed, the run decides every candidate it formed and the entry
// says how many that was; a run that ends forming without a word, or
// drops what it formed, fails it. The trace has more candidates than the
// workers and their queue hold (six batches at two jobs), so forming
// waits for the workers before it could end.
func TestFormingStopsWithinProperty(t *testing.T) {
	tr := lockHeavy(t, 4000)
	var past atomic.Bool
	slow := func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider { return slowRefuter{&past} }
	resident := func() int64 {
		if past.Load() {
			return 2 << 20
		}
		return 1 << 19
	}
	res, err := Run(context.Background(), tr, []PropertyInput{race(tr)}, Options{Jobs: 2, All: true, MemoryBudget: 1 << 20, resident: resident, NewDecider: slow})
	if err != nil {
		t.Fatal(err)
	}
	instant := func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider { return refuter{} }
	all, err := Run(context.Background(), tr, []PropertyInput{race(tr)}, Options{Jobs: 2, All: true, NewDecider: instant})
	if err != nil {
		t.Fatal(err)
	}
	formed := res.Stats.Candidates
	t.Logf("%d of %d candidates formed", formed, all.Stats.Candidates)
	if formed == 0 || formed >= all.Stats.Candidates {
		t.Fatalf("%d candidates formed of %d: the stop did not come within the property", formed, all.Stats.Candidates)
	}
	if res.Stats.Undecided != 0 {
		t.Errorf("%d formed candidates left undecided, want every one decided", res.Stats.Undecided)
	}
	want := fmt.Sprintf("after %d of them; the others were not formed", formed)
	if len(res.Unknown) != 1 || len(res.Unknown[0].Choice) != 0 || !strings.Contains(res.Unknown[0].Reason, want) {
		t.Errorf("unknown %+v, want one entry without events saying %q", res.Unknown, want)
	}
}

// emptyWitness answers every candidate with a witness of no steps, which
// replay validation rejects.
type emptyWitness struct{}

func (emptyWitness) Decide(encode.Candidate) Decision { return Decision{Verdict: Sat} }
func (emptyWitness) Close()                           {}

// TestWitnessErrorStopsForming: a witness that fails validation stops
// the run, the forming of candidates included (whose context is the
// caller's): the second property's matching waits for forming to stop,
// and fails the test after 10 s. The first property has one batch and a
// few candidates more, so that its forming ends without another batch
// to hand over, which would have noticed the stop.
func TestWitnessErrorStopsForming(t *testing.T) {
	var text strings.Builder
	for i := range batchSize + 8 {
		fmt.Fprintf(&text, "T1 write x%d 1\nT2 write x%d 2\n", i, i)
	}
	tr := testtrace.Text(t, text.String())
	first, second := race(tr), race(tr)
	events := second.Events
	second.Events, second.Match = nil, func(ctx context.Context) ([][]spec.PropEvent, error) {
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
			t.Error("forming went on after the witness error")
		}
		return events, nil
	}
	bad := func(*trace.Trace, trace.BranchModel, DeciderOptions) Decider { return emptyWitness{} }
	if _, err := Run(context.Background(), tr, []PropertyInput{first, second}, Options{Jobs: 1, NewDecider: bad}); err == nil {
		t.Fatal("no error for a witness that fails validation")
	}
}
