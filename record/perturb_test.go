package record

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gpredict/trace"
)

// TestPerturbation records testdata/progs/perturb (rounds of two
// goroutines started one after the other, taking one lock each, on one
// processor) unperturbed, and perturbed twice with one seed. Unperturbed,
// the second takes every round's lock first; perturbed, the first takes
// it first in some rounds and not in others — a perturbation that yields
// nowhere, or is not passed to the program, fails here — and the same
// seed makes the same choices. One processor leaves the Go scheduler
// little else to vary, but not nothing: a preemption (the runtime's,
// every 10 ms) or the collector can move a round, as one CI run saw
// (round 22 of 24), so the two runs may differ in two rounds; a seed that
// did not fix the choices, each a coin, would differ in about half.
func TestPerturbation(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go tool is not on PATH")
	}
	plain := firstFirst(t, Options{})
	if slices.Contains(plain, true) {
		t.Errorf("unperturbed, the first goroutine of a round took its lock first: %v", plain)
	}
	perturbed := firstFirst(t, Options{Perturb: true, Seed: 7})
	if !slices.Contains(perturbed, true) || !slices.Contains(perturbed, false) {
		t.Errorf("perturbed, the same goroutine of each round took its lock first: %v", perturbed)
	}
	again := firstFirst(t, Options{Perturb: true, Seed: 7})
	differ := 0
	for i := range min(len(again), len(perturbed)) {
		if again[i] != perturbed[i] {
			differ++
		}
	}
	if len(again) != len(perturbed) || differ > 2 {
		t.Errorf("seed 7 twice, %d rounds differ: %v, then %v", differ, perturbed, again)
	}
}

// firstFirst records the perturb program with o and returns, per round,
// whether the goroutine started first took the round's lock first.
func firstFirst(t *testing.T, o Options) []bool {
	t.Helper()
	var stdout, stderr bytes.Buffer
	o.Dir, o.Out, o.Stdout, o.Stderr = filepath.Join("testdata", "progs"), t.TempDir(), &stdout, &stderr
	res, err := Record([]string{"go", "run", "./perturb"}, o)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	if want := o.Seed; o.Perturb && res.Seed != want || !o.Perturb && res.Seed != 0 {
		t.Errorf("the result's seed is %d; want %d", res.Seed, want)
	}
	data, err := os.ReadFile(res.Traces[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := trace.ParseText("trace.trace", string(data)); err != nil {
		t.Fatalf("the recording is no trace: %v", err)
	}
	// The trace's lines are in the order events were logged; an acquire
	// is logged once the lock is held, so a lock's first acquire line is
	// its first hold.
	first := map[string]bool{} // lock → whether its round's first goroutine acquired it first
	var rounds []string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[1] != "acquire" {
			continue
		}
		if _, seen := first[f[2]]; !seen {
			// Goroutines are named after their `go` statement and
			// numbered: round i's are 2i+1 and 2i+2.
			k, err := strconv.Atoi(f[0][strings.LastIndexByte(f[0], '.')+1:])
			if err != nil {
				t.Fatalf("goroutine %s: no ordinal", f[0])
			}
			first[f[2]] = k%2 == 1
			rounds = append(rounds, f[2])
		}
	}
	if len(rounds) != 24 {
		t.Fatalf("%d locks taken; want 24 (one per round):\n%s", len(rounds), data)
	}
	out := make([]bool, len(rounds))
	for i, l := range rounds {
		out[i] = first[l]
	}
	if strings.Contains(stderr.String(), "panic") {
		t.Errorf("the program panicked:\n%s", stderr.String())
	}
	return out
}
