package predict

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"gpredict/encode"
	"gpredict/predict/prefilter"
	"gpredict/predict/replay"
	"gpredict/predict/stage"
	"gpredict/spec"
	"gpredict/trace"
)

// PropertyInput is one property to check and its property events
// (Events[d] for declaration d, as spec.Match returns them).
type PropertyInput struct {
	Prop   *spec.Property
	Events [][]spec.PropEvent
	// Match, when Events is nil, gives the events when Run comes to the
	// property, once the properties before it have formed their
	// candidates: with ReleaseEvents only one property's events are alive
	// at a time, where matching every property first kept all of them
	// (on ristretto's tests with `--props all`, 612 MB for 12.9M property
	// events, 4.5M of them the largest property's). An error stops the
	// run and is its error, unless the run was interrupted.
	Match func(context.Context) ([][]spec.PropEvent, error)
}

// Options configure Run.
type Options struct {
	// Branches is the branch model; Auto is resolved against the trace.
	Branches trace.BranchModel
	// Mem is the memory model (SC by default; memmodel.go for the others).
	Mem trace.MemoryModel
	// Timeout bounds each candidate (0: none). Its expiry makes a
	// candidate unknown.
	Timeout time.Duration
	// RLimit is Z3's resource limit per check of the exact stages (0:
	// smt.DefaultRLimit), and of the rescue stage; the approximating
	// stages get an eighth of it.
	RLimit int
	// MemoryBudget bounds the process's resident memory, in bytes (0:
	// none; the command line's default is DefaultMemoryBudget): past it,
	// the solver stages no longer run and what they would have decided is
	// unknown (memoryWatch); still past it after that, no more candidates
	// are formed and what was not formed is unknown (formingStop).
	MemoryBudget int64
	// resident stands in for the process's resident memory (a test's
	// fake; nil: residentMemory).
	resident func() int64
	// Jobs is the number of workers, each with its own Decider (≤ 0: the
	// number of CPUs).
	Jobs int
	// DumpDir, if set, receives an SMT-LIB2 file per candidate.
	DumpDir string
	// All decides every candidate. Without it, a location group (the
	// reports of docs/output.md) is decided only until its first violation in
	// report order is known: its other candidates cannot change the
	// report (Stats.Skipped counts them).
	All bool
	// NewDecider makes one worker's Decider; nil means the engine's ladder
	// (NewZ3Decider) over facts computed once and shared by all workers.
	NewDecider func(tr *trace.Trace, model trace.BranchModel, opts DeciderOptions) Decider
	// NoWitnesses: the caller writes no witness (a text report with
	// --witness none), so violations keep none (their Witness is empty).
	// Each witness is still found and validated — it is what makes a
	// candidate a violation — and then dropped. On a generated recording
	// of a million events (about a million reports, their witnesses 576
	// steps past their base mark on average), a run kept 15% less
	// memory after 240 s (2.09 GB against 2.44).
	NoWitnesses bool
	// witnessesInMemory is how many bytes of witnesses the run keeps in
	// memory before it writes them to its witness file (0: the default,
	// witnessesInMemory; < 0: none, as tests ask).
	witnessesInMemory int64
	// ReleaseEvents lets Run set each props[i].Events to nil once that
	// property's candidates are formed, so that they are collected while
	// the later properties are decided: on ristretto's tests with
	// `--props all`, 612 MB for 12.9M property events, all alive until
	// the run's end. A caller that reads its inputs again leaves it
	// unset (or passes a copy of the slice).
	ReleaseEvents bool
	// Indexes, if set, holds the model indexes of the trace shared by the
	// properties of one command (nil: each run builds its own).
	Indexes *encode.Indexes
	// Progress, if set, is called about five times a second while the
	// run goes on, and once at its end, from one goroutine at a time.
	Progress func(Progress)
}

// Workers is the number of workers deciding candidates: Jobs, or one per
// CPU when Jobs ≤ 0.
func (o Options) Workers() int {
	if o.Jobs <= 0 {
		return runtime.NumCPU()
	}
	return o.Jobs
}

// Progress is how far a run has got.
type Progress struct {
	// Formed counts the candidates formed so far; Formed is final once
	// Enumerated. Queued counts the distinct ones given to the ladder,
	// Decided those it has answered (or that needed no answer).
	Formed, Queued, Decided int
	Enumerated              bool
	// Violations counts the violations found so far.
	Violations int
	Elapsed    time.Duration
}

// batchSize is how many candidates a worker takes at a time. Candidates
// are produced binding by binding, so a batch mostly shares its events and
// one Decider sees related candidates in a row. A batch is decided up to
// the ladder's heavy stages at once; the rest waits for its session
// (sessions.go), sessionBatches batches whose heavy work shares one
// solver state.
const batchSize = 32

// task is a job as a worker gets it: with its seq, its plan and its
// choice (the job's own events, or a copy of a longer choice: the
// store's plans and choices may move while the producer adds more).
type task struct {
	j      *job
	seq    int32
	plan   *altPlan
	choice []trace.EventRef
}

// workBatch is a batch as the producer hands it over: its number in the
// order batches are formed, which fixes its session (sessions.go).
type workBatch struct {
	index int
	tasks []task
}

// batchResetter is a Decider that can forget what it kept from earlier
// candidates; the engine resets it at every session (sessions.go), so
// that the answers do not depend on which worker decided what before
// (smt.Worker.Reset).
type batchResetter interface{ ResetBatch() }

// statser is a Decider that counts what each of its stages settled.
type statser interface{ Stats() []stage.StageStats }

// Run finds the violations of props in tr (docs/semantics.md) and decides
// every candidate. When ctx is cancelled (an interrupt) it stops as soon as
// it can and returns what it found so far, with Result.Interrupted set and
// Stats.Undecided counting the distinct candidates left undecided. It
// returns an error for a witness that fails replay validation (an
// internal error of code diag.CodeWitness, WitnessError).
func Run(ctx context.Context, tr *trace.Trace, props []PropertyInput, opts Options) (*Result, error) {
	start := time.Now()
	model := opts.Branches.Resolve(tr)
	jobs := opts.Workers()
	res := &Result{Trace: tr, Model: model, Mem: opts.Mem}
	res.Stats.Threads = len(tr.Threads)
	res.Stats.Events = tr.NumEvents()
	lazy := false
	for _, p := range props {
		for _, evs := range p.Events {
			res.Stats.PropertyEvents += len(evs)
		}
		lazy = lazy || p.Events == nil && p.Match != nil
	}
	if lazy {
		// Matching interns the object names of field accesses; done now,
		// the properties matched later, beside the workers, only read
		// the symbol table the workers read.
		spec.InternObjects(tr)
	}
	// Watched from the start: computing the facts keeps to the budget's
	// collector settings too (on ristretto's tests, 5.76M events, the
	// resident memory reached 3.0 GB there under --memory 2GiB when the
	// watch began after it).
	//
	// Past the budget for good, even with the solver stages stopped,
	// forming candidates stops (formingStop): what the run must hold
	// while a property's candidates are formed — the trace, the facts,
	// the property's events and their join — is what the budget cannot
	// decide away, and grows with every candidate formed.
	forming, stopForming := context.WithCancelCause(ctx)
	defer stopForming(nil)
	mem := watchMemoryUntil(opts.MemoryBudget, func() { stopForming(errFormingBudget) }, opts.resident)
	defer mem.stop()
	// The facts every worker and the pre-filter read, computed once.
	facts, pf, ok := setUp(ctx, tr, model, opts.Mem, opts.Indexes)
	if !ok {
		return stoppedEarly(res, start), nil
	}
	interrupt := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	dopts := DeciderOptions{Timeout: opts.Timeout, RLimit: opts.RLimit, DumpDir: opts.DumpDir, Stop: ctx.Done()}
	if opts.MemoryBudget > 0 {
		dopts.Tight, dopts.TightReason = mem.Tight, mem.Reason()
		dopts.MaxAtoms = MaxAtomsWithin(opts.MemoryBudget, opts.Workers())
	}
	newDecider := func() Decider { return Ladder(facts, dopts) }
	if opts.Mem.Relaxed() {
		newDecider = func() Decider { return newRelaxedDecider(facts, opts.Mem, dopts) }
	}
	if opts.NewDecider != nil {
		newDecider = func() Decider { return opts.NewDecider(tr, model, dopts) }
	}
	var witnesses *witnessStore
	if !opts.NoWitnesses {
		witnesses = newWitnessStore(tr, facts.BaseWitness(), opts.witnessesInMemory)
	}
	var prog progress
	stopProgress := prog.report(opts.Progress, start)
	defer stopProgress()
	work := make(chan workBatch, 2*jobs)
	sess := newSessions()
	store := newJobStore()
	var groups *groups
	if !opts.All {
		groups = newGroups(tr)
	}
	var (
		wg      sync.WaitGroup
		errOnce sync.Once
		runErr  error
		statsMu sync.Mutex
	)
	fail := func(err error) {
		// Forming stops too (its context is the caller's, not ctx).
		errOnce.Do(func() { runErr = err; cancel(); stopForming(err) })
	}
	for range jobs {
		wg.Add(1)
		w := &worker{ctx: ctx, newDec: newDecider, sess: sess, facts: facts, mem: opts.Mem, tight: mem.Tight,
			store: store, groups: groups, prog: &prog, witnesses: witnesses, fail: fail}
		go func() {
			defer wg.Done()
			defer func() {
				if w.dec == nil {
					return
				}
				if s, ok := w.dec.(statser); ok {
					statsMu.Lock()
					res.Stats.Stages = MergeStages(res.Stats.Stages, s.Stats())
					statsMu.Unlock()
				}
				w.dec.Close()
			}()
			w.run(work)
		}()
	}

	stop, err := produce(ctx, forming, tr, props, opts.ReleaseEvents, pf, groups, store, &res.Stats, &prog, work, sess)
	if err != nil {
		fail(err)
	}
	sess.end()
	close(work)
	wg.Wait()
	// The workers' solvers are closed: what malloc keeps of their
	// memory goes back to the system before the reports are written.
	mem.trim()
	if runErr != nil {
		return nil, runErr
	}
	res.Interrupted = interrupt.Err() != nil
	collect(res, store, groups, witnesses)
	res.Unknown = append(res.Unknown, stop.unknown(props, mem.budget)...)
	// The facts and the jobs are garbage now: collect them before the
	// reports are written (memoryWatch.settle).
	facts, pf, store, groups = nil, nil, nil, nil
	mem.settle()
	res.Stats.Seconds = time.Since(start).Seconds()
	return res, nil
}

// MergeStages adds the counts of b to a, stage by stage (by name, in the
// order first seen): the workers' ladders, and the built-ins' (whose
// results props.Merge adds to the pattern properties').
func MergeStages(a, b []stage.StageStats) []stage.StageStats {
	for _, s := range b {
		k := slices.IndexFunc(a, func(x stage.StageStats) bool { return x.Name == s.Name })
		if k < 0 {
			a = append(a, s)
			continue
		}
		a[k].Tried += s.Tried
		a[k].Found += s.Found
		a[k].Refuted += s.Refuted
		a[k].Unknown += s.Unknown
		a[k].Time += s.Time
	}
	return a
}

// produce streams the distinct candidates to the workers in batches and
// adds every job, in production order, to store. It matches a property
// given by its Match when it comes to it, and with release drops each
// property's events once its candidates are formed
// (Options.ReleaseEvents). Its error is a Match's.
//
// forming is ctx, also cancelled when the memory budget is passed for
// good (errFormingBudget): produce then stops forming, hands the
// candidates it has formed to the workers, and returns where it stopped.
func produce(ctx, forming context.Context, tr *trace.Trace, props []PropertyInput, release bool, pf *prefilter.Filter, gs *groups, store *jobStore, st *Stats, prog *progress, work chan<- workBatch, sess *sessions) (formingStop, error) {
	defer prog.enumerated.Store(true)
	none := formingStop{prop: -1}
	var batch []task
	flush := func() bool {
		if len(batch) == 0 {
			return true
		}
		select {
		case work <- workBatch{index: sess.next(), tasks: batch}:
			batch = nil
			return true
		case <-ctx.Done():
			return false
		}
	}
	// stopped is produce's end once forming is done before every
	// candidate is formed: at an interrupt, nothing more; at the budget,
	// the candidates formed go to the workers.
	formed := 0 // the candidates formed of the property at hand
	stopped := func(pi int) (formingStop, error) {
		if interrupted(ctx) || !errors.Is(context.Cause(forming), errFormingBudget) {
			return none, nil
		}
		flush()
		return formingStop{prop: pi, formed: formed}, nil
	}
	for pi := range props {
		in := &props[pi]
		p := in.Prop
		if p.Normal == nil {
			continue
		}
		formed = 0
		if interrupted(forming) {
			return stopped(pi)
		}
		if in.Events == nil && in.Match != nil {
			evs, err := in.Match(forming)
			if interrupted(forming) {
				return stopped(pi)
			}
			if err != nil {
				return none, err
			}
			in.Events = evs
			for _, e := range evs {
				st.PropertyEvents += len(e)
			}
		}
		pairs := regionPairsOf(in.Events)
		for ai := range p.Normal.Alts {
			plan := newAltPlan(p, ai, in.Events, pairs)
			plan.idx = pf.Index()
			plan.watch = encode.NewWatch(forming.Done())
			planIdx := len(store.plans)
			if planIdx > math.MaxUint16 {
				panic("predict: more than 65,536 alternatives")
			}
			store.plans = append(store.plans, plan)
			memo := newMemo(plan, len(p.Params))
			ok := true
			bindingsFor(len(p.Params), in.Events, plan.decls, plan.watch, func(binding []trace.Sym) bool {
				bi := int32(-1) // binding's index in the store, once a job has it
				bindingIdx := func() int32 {
					if bi < 0 {
						bi = int32(len(store.bindings))
						store.bindings = append(store.bindings, binding)
					}
					return bi
				}
				return plan.choices(binding, func(choice []trace.EventRef) bool {
					// Before every candidate (interrupt.go), and before
					// counting it: one seen after the interrupt is
					// neither formed nor left undecided.
					if interrupted(forming) {
						ok = false
						return false
					}
					st.Candidates++
					formed++
					prog.formed.Add(1)
					// A choice met before (with another binding) is the
					// same question: its job answers for both.
					if seq, ok := memo.seen(choice); ok {
						store.addBinding(seq, bindingIdx())
						return true
					}
					// The clocks first: whether a choice is pre-filtered
					// must not depend on how far the workers have got
					// (a group settled by then skips the rest).
					if pf.ByClocks(plan.alt, choice) {
						st.Prefiltered++
						return true
					}
					g := gs.of(pi, plan, choice)
					if gs.settled(g, int32(store.len())) {
						st.Skipped++ // its group has a violation already
						return true
					}
					j, seq := store.add(planIdx, choice, bindingIdx(), g)
					prog.queued.Add(1)
					memo.add(choice, seq)
					t := task{j: j, seq: seq, plan: plan}
					if int(j.n) <= len(j.choice) {
						t.choice = j.choice[:j.n:j.n]
					} else {
						t.choice = slices.Clone(choice)
					}
					batch = append(batch, t)
					if len(batch) == batchSize {
						ok = flush()
					}
					return ok
				})
			})
			plan.enumerated()
			if interrupted(forming) {
				return stopped(pi)
			}
			if !ok {
				return none, nil // the workers are gone: an interrupt
			}
		}
		if release {
			in.Events = nil
		}
	}
	flush()
	return none, nil
}

// checkWitness re-checks a Sat decision with the replay validator, which
// shares nothing with the encoding (docs/semantics.md).
func checkWitness(facts *stage.Facts, mem trace.MemoryModel, plan *altPlan, choice []trace.EventRef, d Decision) error {
	tr, sched := facts.Trace, facts.Steps(d)
	err := facts.Checker.ValidateIn(facts.Model, mem, sched)
	if err == nil {
		err = replay.CheckPattern(tr, plan.alt, choice, sched)
	}
	if err == nil {
		return nil
	}
	return WitnessError(tr, plan.prop.Name, choice, sched, err)
}

// WitnessError is the internal error of property's witness for choice,
// sched, which failed replay validation with err (replay.WitnessError):
// it is never turned into a report.
func WitnessError(tr *trace.Trace, property string, choice []trace.EventRef, sched []replay.Step, err error) error {
	ids := make([]string, len(choice))
	for i, r := range choice {
		ids[i] = tr.ID(r)
	}
	what := fmt.Sprintf("the witness for %s [%s] fails replay validation", property, strings.Join(ids, " "))
	return replay.WitnessError(tr, what, sched, err, "the spec")
}

// collect turns decided jobs into the sorted violations and unknowns.
func collect(res *Result, store *jobStore, gs *groups, witnesses *witnessStore) {
	// The violations' slice, and their choices' events, are made at
	// their size: grown by appending, a million violations would
	// briefly take twice their bytes.
	n, refs := 0, 0
	store.each(func(seq int32, j *job) {
		if j.is(jobDone) && j.verdict == Sat && !gs.hides(j, seq) {
			n += store.numBindings(seq)
			refs += int(j.n)
		}
	})
	if n > 0 {
		res.Violations = make([]Violation, 0, n)
	}
	chosen := make([]trace.EventRef, 0, refs)
	propIndex := map[*spec.Property]int{}
	store.each(func(seq int32, j *job) {
		plan := store.plans[j.plan]
		if _, ok := propIndex[plan.prop]; !ok {
			propIndex[plan.prop] = len(propIndex)
		}
		if !j.is(jobDone) {
			res.Stats.Undecided++
			return
		}
		if gs.hides(j, seq) {
			res.Stats.Skipped += store.numBindings(seq)
			return
		}
		if j.is(jobGiven) && j.verdict == Unsat {
			// The pre-filter's rules given the chosen events, asked as a
			// stage (it costs a closure, and the finders before it settle
			// most candidates for less): counted as pre-filtered, as when
			// the pre-filter asked them.
			res.Stats.Prefiltered += store.numBindings(seq)
			return
		}
		res.Stats.SolverCalls++
		var choice []trace.EventRef
		switch j.verdict {
		case Sat:
			start := len(chosen)
			chosen = store.choiceOf(chosen, j)
			choice = chosen[start:len(chosen):len(chosen)]
		case Unknown:
			choice = store.choiceOf(nil, j)
		}
		store.bindingsOf(j, seq, func(b []trace.Sym) {
			switch j.verdict {
			case Sat:
				res.Violations = append(res.Violations, Violation{
					Property: plan.prop, Alt: plan.altIdx, Binding: b,
					Choice: choice, Witness: witnesses.handle(j.witness),
				})
			case Unknown:
				res.Unknown = append(res.Unknown, UnknownCandidate{
					Property: plan.prop, Alt: plan.altIdx, Binding: b,
					Choice: choice, Reason: store.reasons[seq],
				})
			}
		})
	})
	tr := res.Trace
	less := func(pa, pb *spec.Property, aa, ab int, ca, cb []trace.EventRef, ba, bb []trace.Sym) bool {
		if pa != pb {
			return propIndex[pa] < propIndex[pb]
		}
		if aa != ab {
			return aa < ab
		}
		if c := compareRefs(ca, cb); c != 0 {
			return c < 0
		}
		return compareBindings(tr, ba, bb) < 0
	}
	sort.SliceStable(res.Violations, func(i, k int) bool {
		a, b := &res.Violations[i], &res.Violations[k]
		return less(a.Property, b.Property, a.Alt, b.Alt, a.Choice, b.Choice, a.Binding, b.Binding)
	})
	sort.SliceStable(res.Unknown, func(i, k int) bool {
		a, b := &res.Unknown[i], &res.Unknown[k]
		return less(a.Property, b.Property, a.Alt, b.Alt, a.Choice, b.Choice, a.Binding, b.Binding)
	})
}

func compareRefs(a, b []trace.EventRef) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i].Less(b[i]) {
				return -1
			}
			return 1
		}
	}
	return len(a) - len(b)
}

func compareBindings(tr *trace.Trace, a, b []trace.Sym) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if c := strings.Compare(tr.Str(a[i]), tr.Str(b[i])); c != 0 {
			return c
		}
	}
	return len(a) - len(b)
}

func refsKey(refs []trace.EventRef) string {
	b := make([]byte, 0, 8*len(refs))
	for _, r := range refs {
		b = append(b, byte(r.Thread), byte(r.Thread>>8), byte(r.Thread>>16), byte(r.Thread>>24),
			byte(r.Index), byte(r.Index>>8), byte(r.Index>>16), byte(r.Index>>24))
	}
	return string(b)
}
