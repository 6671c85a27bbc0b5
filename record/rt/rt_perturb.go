package rt

import (
	"os"
	"runtime"
	"strconv"
)

// Schedule perturbation (docs/recording.md, "Schedule perturbation"),
// on when `gpredict record --perturb on` gives the program a seed. The
// plain Go scheduler runs a small program much the same way each time:
// a new goroutine waits in its parent's runnext slot and runs before the
// goroutines queued earlier, and a goroutine that has the processor
// keeps it. The race detector's runtime randomises that
// (runtime/proc.go, randomizeScheduler: half the time a new goroutine
// goes to the tail of the run queue instead of runnext), so that its
// runs take varied paths. The recorder does the like: a new goroutine
// yields first thing with probability 1/2 (runnext or the tail), and a
// goroutine yields before a synchronisation operation (a lock, a
// channel operation, a select, an atomic, a WaitGroup or Cond call; an
// unlock right after it) with probability 1/16. The parent is never
// made to yield at a `go` statement, nor anyone at a memory access:
// measured on GoBench
// (docs/recording.md), yielding there made the kernels' recorded runs
// miss more bugs, not fewer.
//
// A yield is runtime.Gosched, outside every lock of the recorder and
// never between an operation and its event: it changes which schedule
// the program takes, as a preemption there could, and nothing of what
// is logged or in which order a goroutine logs it. Each goroutine draws
// from a generator of its own (a xorshift in its state), seeded from the
// run's seed and its trace name, so a goroutine's decisions are the same
// in two runs with one seed (as far as its name and its events are the
// same: the Go scheduler itself is not repeatable).

// The chances of a yield, as "one in N" (a power of two).
const (
	oneInStart = 2  // a new goroutine, first thing
	oneInSync  = 16 // before a synchronisation operation
)

// SeedEnv names the environment variable by which `gpredict record`
// turns perturbation on and gives its seed; unset, the run is not
// perturbed.
const SeedEnv = "GPREDICT_RECORD_SEED"

// perturbSeed reads the run's seed (start, once): ok is false when the
// run is not perturbed.
func perturbSeed() (seed uint64, ok bool) {
	v, ok := os.LookupEnv(SeedEnv)
	if !ok {
		return 0, false
	}
	seed, err := strconv.ParseUint(v, 10, 64)
	return seed, err == nil
}

// rng is one goroutine's generator: xorshift64*, lazily seeded (zero
// until the first draw; a seeded state is never zero).
type rng struct{ x uint64 }

// draw returns the next number of g, seeding it from seed and name on
// the first draw.
func (g *rng) draw(seed uint64, name string) uint64 {
	if g.x == 0 {
		g.x = seedOf(seed, name)
	}
	g.x ^= g.x >> 12
	g.x ^= g.x << 25
	g.x ^= g.x >> 27
	return g.x * 0x2545f4914f6cdd1d
}

// seedOf is the first state of the generator of the goroutine named
// name in a run with seed: the name's FNV-1a hash mixed with the seed
// (splitmix64's finaliser), never zero.
func seedOf(seed uint64, name string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint64(name[i])) * 0x100000001b3
	}
	x := h ^ seed
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	x ^= x >> 31
	if x == 0 {
		x = 1
	}
	return x
}

// yields is what the draw r decides where the chance of a yield is one
// in oneIn (a power of two). The high bits decide: xorshift's low ones
// are weaker.
func yields(r, oneIn uint64) bool { return r>>32&(oneIn-1) == 0 }

// maybeYield yields the processor with a chance of one in oneIn when the
// run is perturbed; s is the calling goroutine's state. The caller holds
// no lock of the recorder.
func (s *gstate) maybeYield(oneIn uint64) {
	if rec.perturb && yields(s.rng.draw(rec.seed, s.name), oneIn) {
		runtime.Gosched()
	}
}

// yieldHere is maybeYield for the calling goroutine, found by its id,
// for the entry points that have no mark.
func yieldHere(oneIn uint64) {
	if on() && rec.perturb {
		cur().maybeYield(oneIn)
	}
}

// yieldMark is maybeYield for the goroutine of the mark mk (Mark.state),
// for the entry points that have one. It looks at rec.perturb first, as
// yieldHere does: Lock and Unlock call it on every mutex operation, and
// finding the goroutine without a mark (stateByID) costs a lookup that
// an unperturbed run, the default, must not pay.
func yieldMark(mk Mark, oneIn uint64) {
	if !rec.perturb {
		return
	}
	s := mk.s
	if !s.runsHere() {
		if s = stateByID(); s == nil {
			return
		}
	}
	s.maybeYield(oneIn)
}
