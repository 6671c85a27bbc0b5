package replay

import (
	"errors"
	"strings"
	"testing"

	"gpredict/trace"
)

// fig4 is the trace of FIG. 4 of the patent (events 1–5 and 14–16 are T1,
// 6–13 are T2): T1#1..T1#8 = 1,2,3,4,5,14,15,16 and T2#1..T2#8 = 6..13.
var fig4 = []string{
	"T1 fork T2", "T1 acquire l", "T1 write x 1", "T1 write y 1", "T1 release l",
	"T2 begin", "T2 acquire l", "T2 read y 1", "T2 release l", "T2 read x 1", "T2 branch", "T2 write z 1", "T2 end",
	"T1 join T2", "T1 read z 1", "T1 branch",
}

// fig14 is the wait/notify program of FIG. 14: T1 and T2 wait on l, T3
// notifies once.
var fig14 = []string{
	"T1 acquire l", "T1 wait l", "T1 release l",
	"T2 acquire l", "T2 wait l", "T2 release l",
	"T3 acquire l", "T3 notify l", "T3 release l",
}

const (
	imp = trace.BranchesImplicit
	exp = trace.BranchesExplicit
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		trace []string
		model trace.BranchModel
		sched string
		rule  int    // 0: valid
		msg   string // substring of the error
	}{
		// FIG. 4: the witness 1-6-7-8'-9-2-3-10 of the race (3,10).
		{"fig4 race witness explicit", fig4, exp, "T1#1 T2#1 T2#2 T2#3 T2#4 T1#2 T1#3 T2#5", 0, ""},
		{"fig4 race witness implicit", fig4, imp, "T1#1 T2#1 T2#2 T2#3 T2#4 T1#2 T1#3 T2#5", 5,
			"step 4 (T2#3): T2#3 reads y=1 but the last write before it is the initial value (y=0)"},
		{"fig4 observed order implicit", fig4, imp, "T1#1 T1#2 T1#3 T1#4 T1#5 T2#1 T2#2 T2#3 T2#4 T2#5 T2#6 T2#7 T2#8 T1#6 T1#7 T1#8", 0, ""},
		{"fig4 observed order explicit", fig4, exp, "T1#1 T1#2 T1#3 T1#4 T1#5 T2#1 T2#2 T2#3 T2#4 T2#5 T2#6 T2#7 T2#8 T1#6 T1#7 T1#8", 0, ""},
		{"fig4 branch needs read explicit", fig4, exp, "T1#1 T2#1 T2#2 T2#3 T2#4 T2#5 T2#6", 5, "T2#3 reads y=1"},
		{"fig4 last read free implicit", fig4, imp, "T1#1 T2#1 T2#2 T2#3", 0, ""},
		{"empty schedule", fig4, imp, "", 0, ""},

		// Rule 1.
		{"not a prefix", fig4, imp, "T1#2", 1, "step 1 (T1#2): T1's next event is T1#1, not T1#2 (rule 1)"},
		{"step twice", fig4, imp, "T1#1 T1#1", 1, "T1#1 is scheduled twice"},
		{"wait whole", fig14, imp, "T1#1 T1#2", 1, "three parts"},
		{"part of non-wait", fig14, imp, "T1#1.release", 1, "only a wait has parts"},
		{"wait parts out of order", fig14, imp, "T1#1 T1#2.wake", 1, "starts with its release part"},
		{"next event inside wait", fig14, imp, "T1#1 T1#2.release T1#3", 1, "its next step must be T1#2.wake"},

		// Rule 2.
		{"child before fork", fig4, imp, "T2#1", 2, "step 1 (T2#1): T2 starts before its fork T1#1 (rule 2)"},
		{"join too early", fig4, imp, "T1#1 T1#2 T1#3 T1#4 T1#5 T1#6", 2, "join of T2 before all of its events"},

		// Rule 3.
		{"lock overlap", fig4, imp, "T1#1 T1#2 T2#1 T2#2", 3, "step 4 (T2#2): T2 acquires l while T1 holds it (rule 3)"},
		{"held to the end", []string{"T1 acquire l", "T2 acquire l"}, imp, "T1#1 T2#1", 3, "T2 acquires l while T1 holds it"},
		{"re-entrant still held", []string{"T1 acquire l", "T1 acquire l", "T1 release l", "T1 release l", "T2 acquire l"}, imp,
			"T1#1 T1#2 T1#3 T2#1", 3, "T2 acquires l while T1 holds it"},
		{"re-entrant released", []string{"T1 acquire l", "T1 acquire l", "T1 release l", "T1 release l", "T2 acquire l"}, imp,
			"T1#1 T1#2 T1#3 T1#4 T2#1", 0, ""},
		{"re-entrant wait restores depth", reentrantWait, imp,
			"T1#1 T1#2 T1#3.release T2#1 T2#2 T2#3 T1#3.wake T1#3.reacquire T1#4 T2#4", 3, "T2 acquires l while T1 holds it"},
		{"re-entrant wait released fully", reentrantWait, imp,
			"T1#1 T1#2 T1#3.release T2#1 T2#2 T2#3 T1#3.wake T1#3.reacquire T1#4 T1#5 T2#4", 0, ""},
		{"reacquire while held", fig14, imp, "T1#1 T1#2.release T3#1 T3#2 T1#2.wake T1#2.reacquire", 3,
			"T1 re-acquires l while T3 holds it"},

		// Rule 3 for shared holds: readers overlap, a writer excludes all.
		{"readers overlap", rwLock, imp, "T1#1 T2#1 T1#2 T2#2", 0, ""},
		{"writer while reader holds", rwLock, imp, "T1#1 T3#1", 3, "T3 acquires l while T1 holds it shared"},
		{"reader while writer holds", rwLock, imp, "T3#1 T1#1", 3, "T1 acquires l shared while T3 holds it"},
		{"writer after readers", rwLock, imp, "T1#1 T2#1 T1#2 T2#2 T3#1", 0, ""},
		{"shared inside own exclusive", []string{"T1 acquire l", "T1 racquire l", "T1 rrelease l", "T2 racquire l"}, imp,
			"T1#1 T1#2 T1#3 T2#1", 3, "T2 acquires l shared while T1 holds it"},
		{"reacquire while read held", []string{"T1 acquire l", "T1 wait l", "T2 racquire l", "T2 notify l"}, imp,
			"T1#1 T1#2.release T2#1 T2#2 T1#2.wake T1#2.reacquire", 3, "T1 re-acquires l while T2 holds it shared"},

		// Rule 3, writer preference of an rwmutex: between a writer's
		// request and its acquire no other thread takes the lock shared.
		{"reader while writer waits", rwWriter, imp, "T2#1 T3#1", 3,
			"step 2 (T3#1): T3 acquires l shared while T2 waits to acquire it (T2#1): an rwmutex lets no reader in while a writer waits (rule 3)"},
		{"reader before the request", rwWriter, imp, "T3#1 T2#1", 0, ""},
		{"reader after the writer", rwWriter, imp, "T2#1 T2#2 T2#3 T3#1", 0, ""},
		{"writer waits for the reader", rwWriter, imp, "T3#1 T2#1 T3#2 T2#2", 0, ""},
		{"re-entrant lock prefers nobody", rwWriter[1:], imp, "T2#1 T3#1", 0, ""},
		{"pending writer keeps readers out", []string{"lock l : rwmutex", "T1 racquire l", "T2 request l", "T3 racquire l"}, imp,
			"T1#1 T2#1 T3#1", 3, "T3 acquires l shared while T2 waits to acquire it (T2#1)"},
		{"nested reader behind a writer", []string{"lock l : rwmutex", "T1 racquire l", "T1 racquire l", "T2 request l", "T2 acquire l"}, imp,
			"T1#1 T2#1 T1#2", 3, "T1 acquires l shared while T2 waits to acquire it"},
		{"own request is no obstacle", []string{"lock l : rwmutex", "T1 request l", "T1 acquire l", "T1 release l", "T1 racquire l"}, imp,
			"T1#1 T1#2 T1#3 T1#4", 0, ""},

		// Rule 2 for hb facts.
		{"hb respected", hbFacts, imp, "T1#1 T2#1 T2#2", 0, ""},
		{"hb target first", hbFacts, imp, "T2#1 T2#2", 2, "step 2 (T2#2): T2#2 happens before T1#1, which the trace's hb facts put before it (rule 2)"},
		{"hb target absent", hbFacts, imp, "T2#1", 0, ""},

		// Rule 4 (FIG. 14: one notify never wakes two waiters).
		{"fig14 one waiter woken", fig14, imp, "T1#1 T1#2.release T3#1 T3#2 T3#3 T1#2.wake T1#2.reacquire T1#3", 0, ""},
		{"fig14 notify wakes both", fig14, imp,
			"T1#1 T1#2.release T2#1 T2#2.release T3#1 T3#2 T3#3 T1#2.wake T2#2.wake", 4,
			"step 9 (T2#2.wake): T2 wakes up, but no notify on l since its release is left to wake it (rule 4)"},
		{"fig14 notify wakes the second waiter", fig14, imp,
			"T1#1 T1#2.release T2#1 T2#2.release T3#1 T3#2 T3#3 T2#2.wake T2#2.reacquire T2#3", 0, ""},
		{"notify before wait is lost", fig14, imp, "T3#1 T3#2 T3#3 T1#1 T1#2.release T1#2.wake", 4, "T1 wakes up"},
		{"wake with no notify", fig14, imp, "T1#1 T1#2.release T1#2.wake", 4, "T1 wakes up"},
		// Two notifies, two waiters: the first notify must wake the
		// waiter that wakes first (T2), or T2's wake-up has no notify.
		{"notify assignment needs choice", twoNotifies, imp,
			"T1#1 T1#2.release T2#1 T2#2.release T3#1 T2#2.wake T3#2 T1#2.wake", 0, ""},
		{"two notifies three wakes", threeWaiters, imp,
			"T1#1 T1#2.release T2#1 T2#2.release T4#1 T4#2.release T3#1 T3#2 T1#2.wake T2#2.wake T4#2.wake", 4, "T4 wakes up"},
		{"notifyAll wakes all", notifyAll, imp,
			"T1#1 T1#2.release T2#1 T2#2.release T3#1 T1#2.wake T2#2.wake T1#2.reacquire T1#3 T2#2.reacquire T2#3", 0, ""},
		{"notifyAll wakes only current waiters", notifyAll, imp,
			"T1#1 T1#2.release T3#1 T2#1 T2#2.release T1#2.wake T2#2.wake", 4, "T2 wakes up"},

		// Rule 5 and concreteness.
		{"implicit read before own write", concrete, imp, "T1#1 T1#2", 5, "T1#1 reads x=1 but the last write before it is the initial value (x=0)"},
		{"explicit read of non-concrete write", concrete, exp, "T1#1 T1#2 T3#1 T3#2", 5,
			"T3#1 reads y=1 from T1#2 (y=1), which is not concrete (T1#1 before it reads a value it could not read)"},
		{"explicit unguarded read free", concrete, exp, "T1#1 T1#2", 0, ""},
		{"explicit concrete chain", concrete, exp, "T2#1 T1#1 T1#2 T3#1 T3#2", 0, ""},
		{"read overwritten", concrete, imp, "T2#1 T2#2 T1#1 T1#2", 5, "T1#1 reads x=1 but the last write before it is T2#2 (x=2)"},
		{"init value", []string{"T1 read x 7", "T1 branch"}, exp, "T1#1 T1#2", 5, "initial value (x=0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, tc.trace...)
			err := Validate(tr, tc.model, steps(t, tr, tc.sched))
			if tc.rule == 0 {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			var re *RuleError
			if !errors.As(err, &re) {
				t.Fatalf("want rule %d error, got %v", tc.rule, err)
			}
			if re.Rule != tc.rule || !strings.Contains(re.Diag.Msg, tc.msg) {
				t.Fatalf("got rule %d %q\nwant rule %d containing %q", re.Rule, re.Diag.Msg, tc.rule, tc.msg)
			}
		})
	}
}

var rwWriter = []string{
	"lock l : rwmutex",
	"T2 request l", "T2 acquire l", "T2 release l",
	"T3 racquire l", "T3 rrelease l",
}

var rwLock = []string{
	"T1 racquire l", "T1 rrelease l",
	"T2 racquire l", "T2 rrelease l",
	"T3 acquire l", "T3 release l",
}

var hbFacts = []string{"T1 write x 1", "T2 write y 1", "T2 write y 2", "hb T1:1 T2:2"}

var reentrantWait = []string{
	"T1 acquire l", "T1 acquire l", "T1 wait l", "T1 release l", "T1 release l",
	"T2 acquire l", "T2 notify l", "T2 release l", "T2 acquire l", "T2 release l",
}

var twoNotifies = []string{
	"T1 acquire l", "T1 wait l", "T1 release l",
	"T2 acquire l", "T2 wait l", "T2 release l",
	"T3 notify l", "T3 notify l",
}

var threeWaiters = []string{
	"T1 acquire l", "T1 wait l", "T1 release l",
	"T2 acquire l", "T2 wait l", "T2 release l",
	"T3 notify l", "T3 notify l",
	"T4 acquire l", "T4 wait l", "T4 release l",
}

var notifyAll = []string{
	"T1 acquire l", "T1 wait l", "T1 release l",
	"T2 acquire l", "T2 wait l", "T2 release l",
	"T3 notifyAll l",
}

var concrete = []string{
	"T1 read x 1", "T1 write y 1",
	"T2 write x 1", "T2 write x 2",
	"T3 read y 1", "T3 branch",
}

func TestValidateInitDirective(t *testing.T) {
	b := trace.NewBuilder()
	sy := b.Syms()
	b.Init(sy.Intern("x"), sy.Intern("7"))
	if err := b.Event(trace.Pos{File: "t", Line: 1}, sy.Intern("T1"), trace.Event{Op: trace.OpRead, Obj: sy.Intern("x"), Val: sy.Intern("7")}); err != nil {
		t.Fatal(err)
	}
	if err := b.Event(trace.Pos{File: "t", Line: 2}, sy.Intern("T1"), trace.Event{Op: trace.OpBranch}); err != nil {
		t.Fatal(err)
	}
	tr := b.Finish()
	if err := Validate(tr, exp, steps(t, tr, "T1#1 T1#2")); err != nil {
		t.Fatalf("read of the init value: %v", err)
	}
}

func TestValidateNoSuchEvent(t *testing.T) {
	tr := buildTrace(t, fig14...)
	sched := append(steps(t, tr, "T1#1"), Step{Ref: trace.EventRef{Thread: 0, Index: 8}})
	var re *RuleError
	if err := Validate(tr, imp, sched); !errors.As(err, &re) || re.Rule != 1 || !strings.Contains(re.Diag.Msg, "no such event") {
		t.Fatalf("got %v", err)
	}
}

func TestValidateUnresolvedModel(t *testing.T) {
	tr := buildTrace(t, fig14...)
	if err := Validate(tr, trace.BranchesAuto, nil); err == nil {
		t.Fatal("auto model accepted")
	}
}

// TestValidateLockKinds: the validator applies the kinds itself. The
// reader rejects a completed re-acquire of a non-re-entrant lock, so the
// traces here are read as re-entrant and given their kind afterwards: a
// schedule of them that re-enters such a lock must still fail.
func TestValidateLockKinds(t *testing.T) {
	for _, tc := range []struct {
		name  string
		trace []string
		kind  trace.LockKind
		sched string
		msg   string
	}{
		{"mutex re-entered", []string{"T1 acquire l", "T1 acquire l"}, trace.LockMutex, "T1#1 T1#2",
			"T1 acquires l, which it holds: a mutex is not re-entrant, the acquire blocks forever"},
		{"rwmutex read inside write", []string{"T1 acquire l", "T1 racquire l"}, trace.LockRWMutex, "T1#1 T1#2",
			"T1 acquires l shared inside its own exclusive hold: an rwmutex is not re-entrant"},
		{"re-entrant", []string{"T1 acquire l", "T1 acquire l"}, trace.LockReentrant, "T1#1 T1#2", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, tc.trace...)
			l, _ := tr.Syms.Lookup("l")
			tr.LockKinds = map[trace.Sym]trace.LockKind{l: tc.kind}
			err := Validate(tr, imp, steps(t, tr, tc.sched))
			if tc.msg == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var re *RuleError
			if !errors.As(err, &re) || re.Rule != 3 || !strings.Contains(re.Diag.Msg, tc.msg) {
				t.Fatalf("got %v; want rule 3 containing %q", err, tc.msg)
			}
		})
	}
}
