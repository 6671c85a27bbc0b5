package encode

import (
	"fmt"
	"sync"

	"gpredict/spec"
	"gpredict/trace"
)

// Part and Step are the trace's (a step is an event or a part of a wait
// or of a buffered write), the one vocabulary of schedules that the
// encoding shares with the replay validator.
type (
	Part = trace.Part
	Step = trace.Step
)

const (
	Whole     = trace.Whole
	Release   = trace.Release
	Wake      = trace.Wake
	Reacquire = trace.Reacquire
	Commit    = trace.Commit // memmodel.go
)

// Family names a constraint family (one file each).
type Family string

const (
	FamMHB       Family = "mhb"
	FamLock      Family = "lock"
	FamSignal    Family = "signal"
	FamReadWrite Family = "readwrite"
	FamPattern   Family = "pattern"
	FamChan      Family = "chan"
)

// Origin says where a constraint came from, so that dumps and explanations
// can name it.
type Origin struct {
	Family Family
	Events []trace.EventRef
	Span   spec.Span // pattern constraints only
	Why    string    // one sentence, e.g. "T2#4 acquires l after T1#9 releases it"
}

// Constraint is one asserted formula with its origin.
type Constraint struct {
	F      *F
	Origin Origin
}

// Problem is the formula of one slice of a trace: its order variables (one
// per step of the slice plus the cut), its Boolean definitions and the
// causal constraints of the four model families. It is immutable once
// built, so candidates sharing a slice share it, in any order and from
// any number of goroutines: what one candidate adds — its pattern
// constraints, auxiliary variables, the events a reduced problem keeps
// for it — is an Encoding of its own (Pattern).
type Problem struct {
	Trace *trace.Trace
	Model trace.BranchModel
	// Mem is the memory model (memmodel.go; SC for NewProblem).
	Mem   trace.MemoryModel
	Slice *Slice
	// Steps[v] is the step of order variable v, for v < Cut.
	Steps []Step
	// Cut is the cut variable: a step is in the schedule iff O[step] < O[Cut].
	Cut Var
	// BoolNames[b] names Boolean variable b (for dumps).
	BoolNames []string
	Causal    []Constraint

	idx *Index
	// eventVar[t][i] is the variable of the first step of event i of
	// thread t, for every event of the slice (a wait's three steps have
	// three in a row); otherVar has the steps that are not an event's own
	// (select cases, commits). A slice can hold most of a recording of a
	// million events: a map from every step took 65 MB of one slice of
	// 870K events, the array 4 bytes an event (TestProblemStepVars).
	eventVar [][]Var
	otherVar map[Step]Var
	// inert marks the inert steps (inert.go), computed on first use
	// (inertSteps); computing it changes nothing a caller can see.
	inertOnce sync.Once
	inert     []bool

	// Reduced problems (reduce.go): keptVar marks the variables of the
	// events the causal constraints keep, keptIdx[t] lists those events
	// of thread t in order. What a candidate keeps on top belongs to its
	// Encoding.
	reduced bool
	keptVar []bool
	keptIdx [][]uint32

	// cons and allc are the Boolean literals of the read-write family
	// (readwrite.go) per read: "the read returns its recorded value" and
	// "every read of its thread up to it does"; query.go and explanations
	// refer to them.
	cons, allc map[trace.EventRef]BoolVar
	// concAt(e) is "every read and receive before event e in its thread
	// keeps its value" (readwrite.go): a write or a send there is
	// concrete. Set while the read-write family is built, for the
	// channel family after it.
	concAt func(trace.EventRef) *F

	// near, when set, says which events a problem built for relaxed
	// checks keeps the value and lock constraints of (near.go).
	near func(trace.EventRef) bool

	// building watches the limits while the problem is built
	// (NewProblemWithin); nil once it is built, so that the candidates
	// sharing the problem never touch it. atoms counts the order atoms
	// of Causal while it is built, for Limits.MaxAtoms.
	building *watch
	atoms    int
}

// Var returns the variable of step s, which must be in the slice.
func (p *Problem) Var(s Step) Var {
	v, ok := p.stepVar(s)
	if !ok {
		panic(fmt.Sprintf("encode: step %s not in the slice", p.StepName(s)))
	}
	return v
}

// HasStep reports whether s is a step of the slice.
func (p *Problem) HasStep(s Step) bool { _, ok := p.stepVar(s); return ok }

// stepVar is the variable of step s, if s is a step of the slice.
func (p *Problem) stepVar(s Step) (Var, bool) {
	if t, i := int(s.Ref.Thread), int(s.Ref.Index); t < len(p.eventVar) && i < len(p.eventVar[t]) {
		v := p.eventVar[t][i]
		wait := p.Trace.Event(s.Ref).Op == trace.OpWait
		switch {
		case !wait && s.Part == Whole:
			return v, true
		case wait && s.Part >= Release && s.Part <= Reacquire:
			return v + Var(s.Part-Release), true
		}
	}
	v, ok := p.otherVar[s]
	return v, ok
}

// addOtherStep gives s, a step that is not an event's own, the next
// variable.
func (p *Problem) addOtherStep(s Step) {
	if p.otherVar == nil {
		p.otherVar = map[Step]Var{}
	}
	p.otherVar[s] = Var(len(p.Steps))
	p.Steps = append(p.Steps, s)
}

// StepName renders s as in docs/output.md ("T1#3", "T1#4.release").
func (p *Problem) StepName(s Step) string { return s.Format(p.Trace) }

// VarName renders an order variable for dumps.
func (p *Problem) VarName(v Var) string {
	if v == p.Cut {
		return "cut"
	}
	if v > p.Cut {
		return fmt.Sprintf("aux%d", v-p.Cut-1)
	}
	return p.StepName(p.Steps[v])
}

// newBool adds a Boolean definition.
func (p *Problem) newBool(name string) BoolVar {
	p.BoolNames = append(p.BoolNames, name)
	return BoolVar(len(p.BoolNames) - 1)
}

func (p *Problem) add(f *F, fam Family, why string, evs ...trace.EventRef) {
	if f.Kind == KTrue {
		return
	}
	if w := p.building; w != nil && w.lim.MaxAtoms > 0 && w.err == nil {
		if p.atoms += f.Atoms(); p.atoms > w.lim.MaxAtoms {
			w.err = ErrTooLarge // every loop of the builder leaves at its next look
		}
	}
	p.Causal = append(p.Causal, Constraint{F: f, Origin: Origin{Family: fam, Events: evs, Why: why}})
}

// in is "step s is in the schedule"; out is "it is not" (strict, see F).
func (p *Problem) in(s Step) *F  { return Lt(p.Var(s), p.Cut) }
func (p *Problem) out(s Step) *F { return Lt(p.Cut, p.Var(s)) }

// steps returns the steps of event r: three for a wait, else one.
func steps(tr *trace.Trace, r trace.EventRef) []Step {
	if tr.Event(r).Op == trace.OpWait {
		return []Step{{Ref: r, Part: Release}, {Ref: r, Part: Wake}, {Ref: r, Part: Reacquire}}
	}
	return []Step{{Ref: r, Part: Whole}}
}

// first and last step of event r.
func firstStep(tr *trace.Trace, r trace.EventRef) Step {
	if tr.Event(r).Op == trace.OpWait {
		return Step{Ref: r, Part: Release}
	}
	return Step{Ref: r, Part: Whole}
}

func lastStep(tr *trace.Trace, r trace.EventRef) Step {
	if tr.Event(r).Op == trace.OpWait {
		return Step{Ref: r, Part: Reacquire}
	}
	return Step{Ref: r, Part: Whole}
}

// NewProblem builds the causal constraints (mhb, lock, signal, readwrite)
// of slice sl under the resolved branch model.
func NewProblem(idx *Index, model trace.BranchModel, sl *Slice) *Problem {
	p, _ := NewProblemWithin(idx, model, sl, Limits{}) // without limits it cannot fail
	return p
}

// NewProblemWithin is NewProblem looking at lim as it builds (stop.go):
// the lock and read-write families grow with the square of the holds of
// a lock and of the writes of a variable, so a large slice takes seconds
// and gigabytes to encode. It returns ErrStopped once the stop signal has
// closed, ErrMemory once the memory budget is reached.
func NewProblemWithin(idx *Index, model trace.BranchModel, sl *Slice, lim Limits) (*Problem, error) {
	return buildProblem(idx, model, sl, false, nil, lim)
}

// buildProblem builds the full or reduced problem of sl, leaving out
// what near does not keep (NewNearProblemWithin; nil keeps everything).
// A trace with channels always gets the full problem (NewReducedProblemWithin).
func buildProblem(idx *Index, model trace.BranchModel, sl *Slice, reduced bool, near func(trace.EventRef) bool, lim Limits) (*Problem, error) {
	p := newProblemVars(idx, model, sl)
	p.near = near
	p.building = &watch{lim: lim}
	if reduced && !idx.Trace.HasChannels() {
		p.reduced = true
		return p.build(p.encodeLocks, p.encodeSignals, p.encodeReadWrite, p.keepMentioned, p.encodeClockMHB)
	}
	return p.build(p.encodeMHB, p.encodeHB, p.encodeFacts, p.encodeLocks, p.encodeSignals, p.encodeReadWrite, p.encodeChans)
}

// build runs the steps of a problem's construction in turn, until a
// limit is reached.
func (p *Problem) build(steps ...func()) (*Problem, error) {
	for _, step := range steps {
		if step(); p.building.err != nil {
			return nil, p.building.err
		}
	}
	p.building = nil
	return p, nil
}

// stopped reports, while the problem is built, whether a limit is reached
// (looking every stopEvery calls); a builder's loops return early when
// one is. Always false once the problem is built.
func (p *Problem) stopped() bool { return p.building != nil && p.building.stopped() }

// newProblemVars numbers the steps of slice sl.
func newProblemVars(idx *Index, model trace.BranchModel, sl *Slice) *Problem {
	tr := idx.Trace
	p := &Problem{Trace: tr, Model: model, Slice: sl, idx: idx, eventVar: make([][]Var, len(sl.Prefix)),
		Steps: make([]Step, 0, sl.Size()+1)}
	for t, n := range sl.Prefix {
		p.eventVar[t] = make([]Var, n)
		for i := 0; i < n; i++ {
			p.eventVar[t][i] = Var(len(p.Steps))
			p.Steps = append(p.Steps, steps(tr, trace.EventRef{Thread: trace.ThreadID(t), Index: uint32(i)})...)
		}
	}
	p.addOtherCaseSteps()
	p.Cut = Var(len(p.Steps))
	return p
}

// in reports whether event r is in the slice.
func (p *Problem) inSlice(r trace.EventRef) bool {
	return int(r.Index) < p.Slice.Prefix[r.Thread]
}
