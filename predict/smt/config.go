package smt

import (
	"time"

	"gpredict/encode"
)

// Config sets the solver stages. DefaultConfig is what the engine uses;
// the tests narrow the small stages so that they really fix and drop
// events on their few-event traces.
type Config struct {
	// Timeout is the candidate's wall-clock time limit (0: none), named
	// in reasons. Whether a candidate beats it depends on the machine's
	// load, so it is only used when the user asks for it (--timeout);
	// the limits below are what keeps the default run deterministic.
	Timeout time.Duration
	// DumpDir, if set, receives the exact formula of every candidate.
	DumpDir string
	// RLimit is Z3's resource limit for one check of the exact stage
	// (and of the check that internalizes a problem's causal
	// constraints), 0 for none. Z3 counts its own steps against it, so a
	// formula that exhausts it always does, on any machine, under any
	// load and with any number of workers; a check that does makes the
	// candidate Unknown ("Z3 resource limit N reached").
	RLimit uint64
	// StageRLimit is Z3's resource limit for one check of an
	// approximating stage (window, local, prefix-window, small, downset),
	// 0 for none. Such a check that exhausts it only passes the
	// candidate on.
	StageRLimit uint64
	// RescueRLimit is Z3's resource limit for one check of the rescue
	// stage (rescue.go), 0 for none: a frozen small stage that ran out of
	// StageRLimit asked again with the exact stage's budget.
	RescueRLimit uint64
	// Local are the window sizes of the local stage: the last Local[i]
	// events of every thread's part of the must-set, in turn.
	Local []int
	// Prefix are the window sizes of the prefix-window stage, in turn.
	Prefix []int
	// PrefixMaxEvents is the most events a prefix-window may hold. The
	// cut of a window must fall where no thread holds a lock
	// (greedy.Cut), so on a busy trace a window asked for 32 events can
	// hold thousands; Z3 then spends half the time left on it and rarely
	// settles anything (on the Race/10000 benchmark one such window of
	// 7,730 events took 4.9 s and ended unknown, and the small stage then
	// found a witness in 0.3 s).
	PrefixMaxEvents int
	// PrefixMaxPast is the most events the past of a prefix-window may
	// hold (0: no bound). greedy.Prefix simulates the past from the
	// start and the witness is validated from the start, so the stage
	// costs time linear in the candidate's position: on the lock-heavy
	// recording of 1M events (gentrace -shape locks, STD twin) it took
	// 189 s for 5 candidates and found none; after the window stage it
	// has found nothing on that family from 30K events up.
	PrefixMaxPast int
	// WindowMargin is how many base positions a window (encode.Windows)
	// extends before the first and after the last chosen event.
	WindowMargin int
	// Window are the frozen stages tried inside a window: those of Small
	// that free nothing outside it (the margin covers their positions
	// around a chosen event; the gaps lie between chosen events).
	Window []SmallStage
	// WideMargin and Wide are a second window, tried when the first
	// finds nothing: wider, with stages that free every position between
	// the chosen events and more around them. Since a window may begin
	// inside exclusive holds, it is placed right at its margin, and on
	// lock-heavy recordings of 30K events and more it finds witnesses
	// that otherwise only the small stages' frozen windows of 64 and 256
	// positions over the whole closed slice found — slices larger than
	// MaxSlice, so those candidates ended unknown.
	WideMargin int
	Wide       []SmallStage
	// FarMargin and Far are a third window, for a candidate whose closed
	// slice is larger than the small stages encode (MaxSmallSlice) and
	// that their relaxed stages over its near part did not refute
	// (relaxedNear): no finder after the window is left for it. On the
	// lock-heavy STD recording of 300K events one such race needed 1,024
	// positions free around its chosen events (the small stages found it
	// so, over all 265K events of its slice, in 39 s).
	FarMargin int
	Far       []SmallStage
	// Small are tried in turn before the exact stage: cheap local ones
	// first, then ones that also free what lies between chosen events that
	// the witness may have to reorder, then ones covering everything
	// between the chosen events and more and more around them (a witness
	// may need to move events a long way; a refutation may need facts
	// from far away).
	Small []SmallStage
	// ExactFollows says the exact stage comes after the small stages in
	// the ladder (set by the ladder that has it): they then leave out a
	// check that neither fixes nor drops a step (encode.Valuation.Whole),
	// which would ask the exact question with an eighth of its budget.
	ExactFollows bool
	// ExactFirstFollows says exact-first comes after the window in the
	// ladder (set by the ladder that has it): the window then leaves the
	// candidates exact-first takes to it (solver.exactFirstTakes).
	ExactFirstFollows bool
	// SliceEventsPerSecond is how many events of a closed slice the
	// stages after the window are given per second of the time limit:
	// building and specializing the encoding of a slice cannot be
	// interrupted and takes about a millisecond per event at this size
	// (one relaxed stage over a 57,687-event slice took 52 s), so a bigger
	// slice would overrun the limit many times over before any check.
	// Slices up to MaxSharedSlice events are always tried.
	SliceEventsPerSecond int
	// MaxSlice bounds, without a time limit, the closed slices the exact
	// stages encode (0: no bound): a count of events, not seconds, so
	// that which candidates are unknown does not depend on the machine.
	// The default is what the time limit of 10 s allowed before the
	// limits became deterministic (SliceEventsPerSecond × 10 s).
	MaxSlice int
	// SmallFirst: a candidate whose closed slice has at most this many
	// events skips local and prefix-window (0: none does), which exist
	// to keep large slices away from the small stages; over a slice this
	// small the small stages decide at less cost. On the lock-heavy
	// family's 1K-event traces with values (gentrace -shape locks, 8
	// threads) local and prefix-window took 240 of the run's 180 s of
	// CPU for 31 of the 191 candidates they were given, and the run took
	// 51 s without them (the same reports, 0 unknown). The default is
	// MaxSlice: a slice the exact stage encodes goes to the small stages
	// (or, at most ExactFirst events, to exact-first) first. At 2,048
	// the many-thread members of the family, whose slices hold 2K to 10K
	// events, paid for local what small then did cheaper: 24 threads, 5K events (STD): 40.3 s, local 17.8 s of CPU
	// for 3 of 15 candidates, against 26.3 s; 32 threads, 5K: not done
	// in 400 s (local 187.5 s for 3 of 67), against done in 232 s.
	SmallFirst int
	// ExactFirst: a candidate whose closed slice has at most this many
	// events is asked the exact question before the small stages (stage
	// exact-first; 0: none is), when the exact stage follows in the
	// ladder. Up to MaxSharedSlice the candidates a slice covers share
	// its problem, whose causal constraints Z3 holds once, while each
	// check of the small stages specializes and asserts the slice
	// afresh. On the lock-heavy family's 1K-event members with values
	// (gentrace -shape locks, 8 threads, seed 4711) the small stages
	// took 77 s for 97 candidates and the exact stage then 24 s for 71;
	// asked first, the exact stage took 48 s for all 168 and the run
	// halved, with the same reports. At 4,096 events the many-thread STD
	// members, whose slices reach past MaxSharedSlice and get a fresh
	// problem each, took three times as long (24 threads, 5K events:
	// 23.1 s against 7.6 s); at MaxSharedSlice they take what they did.
	ExactFirst int
	// GuardedRenewAtoms is how many order atoms the candidates checked in
	// the exact stages' context may have asserted under their guards
	// before the context is replaced (0: never for that). A guarded
	// pattern stays in the context, switched off, until the next reset
	// (raw.go): a race's tail block is a few atoms, but a bracket over a
	// slice of 2,048 events is about 4,000, and a session asks up to 2,048
	// candidates. The count depends only on the candidates, so where the
	// context is replaced does too.
	GuardedRenewAtoms int
	// SmallRenewAtoms is how many order atoms the problems one context of
	// the approximating stages was given may hold before it is replaced
	// (as after frozenRenew problems; 0: never for atoms): the terms it
	// lowered, and the models it kept, stay until it goes. On the
	// 100K-event lock-heavy member with values, whose near checks and
	// far windows span whole-trace slices, the resident memory went
	// from 1.1 to 2.7 GB in 120 s while Go's heap stayed near 500 MB.
	SmallRenewAtoms int
	// MaxSmallSlice bounds the closed slices the small stages encode
	// (not less than MaxSlice; 0: MaxSlice). Their frozen and relaxed
	// checks fix or drop most of the slice, so on the lock-heavy
	// recordings of 100K events (gentrace -shape locks) slices of 35K to
	// 87K events were decided in 1 to 7 s each, where MaxSlice left
	// them unknown; building the encoding stays within the memory budget
	// (encode.Limits.Tight).
	MaxSmallSlice int
	// MaxSharedSlice bounds how far the solver grows one slice to let
	// several candidates share its causal constraints: past it, a
	// candidate whose slice is not covered starts a fresh one.
	MaxSharedSlice int
}

// SmallStage is one under- or over-approximating stage: freeze (find a
// witness) or relax (refute), over the steps within Window base positions
// of a chosen event or between two chosen events at most Gap positions
// apart (encode.Span: the whole stretch between the first and the last).
type SmallStage struct {
	Relax  bool
	Window int
	Gap    int
}

// DefaultRLimit and DefaultStageRLimit are the resource limits of
// DefaultConfig (Config.RLimit, Config.StageRLimit), in Z3's own units.
// Z3 gets through 2 to 10 million of them a second on difference logic
// on the 2-core machine the project is measured on (a 900-event
// lock-heavy exact check: 131 million in 31 s with the machine loaded;
// the checks of bench/run.sh: 5 to 10 million a second). No check of
// bench/run.sh, at any size, nor of the tests uses a tenth of the
// stage limit (the largest, 0.5 million). They were 40 and 5 million
// until 2026-11-29, the 10 s the time limit had given a candidate; on
// the lock-heavy family's 32-thread STD member of 5K events (gentrace
// -shape locks -events 5000 -threads 32 -seed 97) that left 7
// candidates unknown, and at four times as much the run settled all of
// them in the same time (364 s both): the approximating stages, with
// the larger share, settled 12 of the 41 candidates they got instead of
// 7, and the exact stage had fewer to do. On the other members tried
// (docs/engine.md, Limits) the reports were the same and the times
// within the noise of the machine.
const (
	DefaultRLimit      = 160_000_000
	DefaultStageRLimit = 20_000_000
)

// DefaultConfig is the engine's configuration for a candidate time limit
// (0: none) and an optional dump directory.
func DefaultConfig(timeout time.Duration, dumpDir string) Config {
	return Config{
		Timeout: timeout, DumpDir: dumpDir, RLimit: DefaultRLimit, StageRLimit: DefaultStageRLimit, RescueRLimit: DefaultRLimit,
		Local:           []int{32, 128},
		Prefix:          []int{32, 128, 512},
		PrefixMaxEvents: 2048,
		PrefixMaxPast:   1 << 16,
		WindowMargin:    64,
		Window:          []SmallStage{{Window: 16}, {Window: 16, Gap: 512}, {Window: 16, Gap: 2048}},
		WideMargin:      512,
		Wide:            []SmallStage{{Window: 64, Gap: encode.Span}, {Window: 256, Gap: encode.Span}},
		FarMargin:       2048,
		Far:             []SmallStage{{Window: 1024, Gap: encode.Span}},
		Small: []SmallStage{
			{Window: 16},
			{Window: 16, Gap: 512},
			{Window: 16, Gap: 2048},
			{Relax: true, Window: 32, Gap: encode.Span},
			{Window: 64, Gap: encode.Span},
			{Relax: true, Window: 256, Gap: encode.Span},
			{Window: 256, Gap: encode.Span},
			{Relax: true, Window: 1024, Gap: encode.Span},
			{Window: 1024, Gap: encode.Span},
			{Window: 4096, Gap: encode.Span},
		},
		SliceEventsPerSecond: 1000,
		MaxSlice:             10000,
		MaxSmallSlice:        100000,
		SmallFirst:           10000, // MaxSlice
		ExactFirst:           2048,  // MaxSharedSlice
		MaxSharedSlice:       2048,
		SmallRenewAtoms:      1 << 20,
		GuardedRenewAtoms:    1 << 20,
	}
}

// smallBound is the bound on the closed slices the small stages encode:
// MaxSmallSlice, but never below MaxSlice, and none when MaxSlice sets
// none (0).
func (c Config) smallBound() int {
	if c.MaxSlice == 0 {
		return 0
	}
	return max(c.MaxSmallSlice, c.MaxSlice)
}

// NarrowConfig is DefaultConfig with windows of one to three positions,
// for the differential tests on traces of a few events.
func NarrowConfig() Config {
	c := DefaultConfig(0, "")
	c.Local = []int{1, 2, 4}
	c.Prefix = []int{1, 2, 4}
	c.WindowMargin = 2
	c.Window = []SmallStage{{Window: 1}, {Window: 1, Gap: 2}}
	c.WideMargin = 4
	c.SmallFirst = 0
	c.ExactFirst = 0
	c.GuardedRenewAtoms = 16 // renewed every few candidates: the sweeps exercise it
	c.Wide = []SmallStage{{Window: 2, Gap: encode.Span}}
	c.FarMargin = 6
	c.Far = []SmallStage{{Window: 3, Gap: encode.Span}}
	c.Small = []SmallStage{
		{Window: 1},
		{Relax: true, Window: 1},
		{Window: 1, Gap: 3},
		{Window: 2, Gap: encode.Span},
		{Relax: true, Window: 3, Gap: encode.Span},
	}
	return c
}

// bigProblem is the number of causal constraints past which replacing a
// problem also collects the garbage: Z3 memory is released only by go-z3's
// finalizers, and a context holding tens of thousands of constraints is
// hundreds of megabytes that the Go heap does not see.
const bigProblem = 5000

// assertBatch is how many constraints are asserted between two looks at
// the candidate's deadline: asserting is cgo work Z3 cannot interrupt.
const assertBatch = 512

// frozenRenew is how many problems one context of the small stages
// serves before it is replaced: its terms are never freed otherwise.
const frozenRenew = 256

// farStageWindow is the narrowest window of the far window's stages
// (Config.Far; 0: none): the near relaxed checks narrower than it go
// before the far window, the others after it.
func (c Config) farStageWindow() int {
	w := 0
	for _, st := range c.Far {
		if w == 0 || st.Window < w {
			w = st.Window
		}
	}
	return w
}
