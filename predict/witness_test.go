package predict

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"gpredict/internal/testtrace"
	"gpredict/internal/tracegen"
	"gpredict/predict/replay"
	"gpredict/trace"
)

// locksRace is a member of the lock-heavy family (bench/gentrace -shape
// locks) of about events events, with the catalogue's DataRace matched
// against it.
func locksRace(t *testing.T, events int) (*trace.Trace, PropertyInput) {
	t.Helper()
	// The STD twin (no values): with values a member takes the ladder's
	// solver stages seconds a candidate.
	var text, std bytes.Buffer
	if err := tracegen.WriteLocks(&text, &std, tracegen.DefaultLocks(), events, 1); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "locks.std")
	if err := os.WriteFile(path, std.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tr := testtrace.File(t, path)
	return tr, dataRace(t, tr)
}

// TestWitnessesKeptInFile: a run keeps its violations' witnesses in its
// witness file, not in memory — those that start from a mark of the
// base order too — and each, read back, is a valid schedule showing its
// violation.
func TestWitnessesKeptInFile(t *testing.T) {
	tr, in := locksRace(t, 3000)
	res, err := Run(context.Background(), tr, []PropertyInput{in}, Options{Jobs: 2, All: true, witnessesInMemory: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Violations) < 100 {
		t.Fatalf("%d violations; the test needs many", len(res.Violations))
	}
	fromMark := 0
	for _, v := range res.Violations {
		if v.Witness.mem != nil || v.Witness.store == nil {
			t.Fatalf("the witness of %v is kept in memory", v.Choice)
		}
		b := make([]byte, 1)
		if _, err := v.Witness.store.f.ReadAt(b, v.Witness.off); err != nil {
			t.Fatal(err)
		}
		if b[0] == 1 { // Marshal's first byte: it shares the base order
			fromMark++
		}
	}
	checkWitnesses(t, tr, res)
	if fromMark == 0 {
		t.Fatal("no witness starts from a mark: the shared head is not exercised")
	}
}

// checkWitnesses checks that every witness of res, read back, is a valid
// schedule showing its violation.
func checkWitnesses(t *testing.T, tr *trace.Trace, res *Result) {
	t.Helper()
	checker := replay.NewChecker(tr)
	for _, v := range res.Violations {
		sched := mustSchedule(t, tr, v)
		if err := checker.ValidateIn(res.Model, trace.SC, sched); err != nil {
			t.Fatalf("the witness of %v, read back, is not valid: %v", v.Choice, err)
		}
		if err := replay.CheckPattern(tr, &v.Property.Normal.Alts[v.Alt], v.Choice, sched); err != nil {
			t.Fatalf("the witness of %v, read back, does not show it: %v", v.Choice, err)
		}
	}
}

// TestWitnessesInMemoryWithoutFile: where the witness file cannot be
// made, witnesses stay in memory, and the report is the same.
func TestWitnessesInMemoryWithoutFile(t *testing.T) {
	tr, in := locksRace(t, 1000)
	run := func() *Result {
		res, err := Run(context.Background(), tr, []PropertyInput{in}, Options{Jobs: 1, All: true, witnessesInMemory: -1})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	inFile := run()
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	inMemory := run()
	if len(inFile.Violations) == 0 || len(inFile.Violations) != len(inMemory.Violations) {
		t.Fatalf("%d violations with a file, %d without", len(inFile.Violations), len(inMemory.Violations))
	}
	for i, v := range inMemory.Violations {
		if v.Witness.mem == nil {
			t.Fatalf("violation %d: no file, yet its witness is not in memory", i)
		}
		// Which witness a stage finds may vary from run to run; that
		// each is one does not.
		if !equalRefs(v.Choice, inFile.Violations[i].Choice) {
			t.Fatalf("violation %d is %v without a file, %v with one", i, v.Choice, inFile.Violations[i].Choice)
		}
	}
	checkWitnesses(t, tr, inMemory)
}

// TestKeptPerCandidateIsSmall: what a run keeps per candidate until its
// end, and per violation until the report is written. On a generated
// recording of a million events a run forms about 1.3 million candidates
// and reports about 1.2 million violations: a field more in these
// structs is tens of megabytes (docs/engine.md, Limits). Raise a bound
// only knowingly.
func TestKeptPerCandidateIsSmall(t *testing.T) {
	tests := []struct {
		name       string
		size, most uintptr
	}{
		{"job", unsafe.Sizeof(job{}), 48},
		{"witnessRef", unsafe.Sizeof(witnessRef{}), 12},
		{"choiceKey", unsafe.Sizeof(choiceKey{}), 48},
		{"Violation", unsafe.Sizeof(Violation{}), 96},
		{"Witness", unsafe.Sizeof(Witness{}), 32},
		{"Report", unsafe.Sizeof(Report{}), 16},
	}
	for _, tc := range tests {
		if tc.size > tc.most {
			t.Errorf("%s takes %d bytes, more than %d", tc.name, tc.size, tc.most)
		}
	}
}

// TestSmallRunKeepsWitnessesInMemory: a run whose witnesses take less
// than witnessesInMemory makes no file (a sweep of thousands of small
// runs would otherwise hold thousands open until collected).
func TestSmallRunKeepsWitnessesInMemory(t *testing.T) {
	tr, in := locksRace(t, 1000)
	res, err := Run(context.Background(), tr, []PropertyInput{in}, Options{Jobs: 1, All: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Violations) == 0 {
		t.Fatal("no violation: the test checks nothing")
	}
	for i, v := range res.Violations {
		if v.Witness.mem == nil {
			t.Fatalf("violation %d: the witness of a small run is not in memory", i)
		}
	}
	checkWitnesses(t, tr, res)
}
