package record

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"gpredict/record/rt"
)

// Schedule perturbation (docs/recording.md, "Schedule perturbation"):
// the recorded program yields at random points (record/rt's
// rt_perturb.go), so that one recorded run may take an interleaving a
// plain run rarely takes. The recorder turns it on by giving the program
// the seed in rt.SeedEnv; the runtime reads nothing else of it.

// runSeed is the seed of a recording with o: 0 when it is not perturbed,
// o.Seed when given, else one drawn at random (never 0), which the
// result reports so that the run's decisions can be taken again.
func runSeed(o Options) uint64 {
	if !o.Perturb {
		return 0
	}
	if o.Seed != 0 {
		return o.Seed
	}
	return rand.Uint64N(1<<53-1) + 1 // at most 16 digits: easy to type back
}

// perturbEnv is env for a recorded program perturbed with seed (0: not
// perturbed): an inherited rt.SeedEnv is dropped either way, so that only
// the recorder's option decides.
func perturbEnv(env []string, seed uint64) []string {
	out := env[:0:0]
	for _, e := range env {
		if !strings.HasPrefix(e, rt.SeedEnv+"=") {
			out = append(out, e)
		}
	}
	if seed != 0 {
		out = append(out, rt.SeedEnv+"="+strconv.FormatUint(seed, 10))
	}
	return out
}
