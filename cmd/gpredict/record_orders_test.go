package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestRecordedGoOrders: every order the Go memory model and the standard
// library guarantee (package initialisation, sync.Pool, sync.Map,
// atomic.Value and atomic.Pointer publication, context cancellation,
// time.AfterFunc, finalizers, HTTP handlers) is in the recording.
// record/testdata/progs/gohb has one test per order, each handing a
// value between goroutines with only that order between them; go test
// -race accepts them, and so must gpredict: no report under any property.
func TestRecordedGoOrders(t *testing.T) {
	stderr := predictRaceFree(t, "./gohb")
	if strings.Contains(stderr, "never forked") || strings.Contains(stderr, "no write and no init") {
		t.Errorf("predict warns of goroutines that may start at any time or unproduced reads:\n%s", stderr)
	}
}

// TestRecordedAtomicRace: a plain access racing with an atomic one is a
// data race under the Go memory model (go test -race reports it), two
// atomic accesses are not: DataRace reports the first only.
func TestRecordedAtomicRace(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; recording needs it")
	}
	trace := recordIn(t, filepath.Join(repoRoot(t), "record", "testdata", "progs"), "go", "test", "./atomicrace")
	stdout, stderr, code := runCLI(t, "predict", "--props", "DataRace", "--witness", "none", trace)
	if code != exitViolation {
		t.Fatalf("predict: exit %d; want a violation\n%s%s", code, stdout, stderr)
	}
	reports := regexp.MustCompile(`(?m)^\[\d+/\d+\] DataRace \(v=(\S+)\)$`).FindAllStringSubmatch(stdout, -1)
	if len(reports) != 1 || reports[0][1] != "n@1" {
		t.Errorf("reports %v; want one, on n (plain read, atomic add), none on m (atomic load and add)\n%s", reports, stdout)
	}
}

// TestRecordedNamedResults: returning reads a function's named results
// after its deferred calls ran (record/testdata/progs/namedresult). A
// goroutine's write of a named result races with that read when nothing
// orders them (racy), and does not when a deferred receive waits for the
// goroutine (ordered): the read must be logged, and after the defers.
func TestRecordedNamedResults(t *testing.T) {
	stdout := predictRecorded(t, "./namedresult", "DataRace")
	reports := regexp.MustCompile(`(?m)^\[\d+/\d+\] DataRace \(v=(\S+)\)$`).FindAllStringSubmatch(stdout, -1)
	if len(reports) != 1 || !strings.HasPrefix(reports[0][1], "code@") {
		t.Errorf("reports %v; want one, on racy's code (none on ordered's status)\n%s", reports, stdout)
	}
	if !regexp.MustCompile(`(?m)^    read +\S+ +namedresult/namedresult_test.go:16$`).MatchString(stdout) {
		t.Errorf("the race's read is not racy's return (its closing brace, line 16)\n%s", stdout)
	}
}

// TestRecordedUnlockByOther: tests unlock mutexes that goroutines they
// started locked (record/testdata/progs/unlockother): one that ended
// holding it, one that waits and then synchronises, one that sleeps
// until the run ends. Each release is logged in the holder's thread with
// a fact from the unlock (written by the holder, or by the collector from
// the unlocker's note, record/rt rt_foreign.go), so: the ended holder's
// end, which the collector writes at the end of the trace, comes after
// its release; every fact from an Unlock call names the holder's release
// by its number; the trace reads back (record exits 0); and no Deadlock
// or Blocked report has a later Lock wait behind a holder.
func TestRecordedUnlockByOther(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; recording needs it")
	}
	trace := recordIn(t, filepath.Join(repoRoot(t), "record", "testdata", "progs"), "go", "test", "./unlockother")
	b, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	events := map[string][]string{} // per thread, its events without ids and sites
	unlocks := map[string]bool{}    // the Unlock calls' ids
	var facts [][2]string
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		switch {
		case len(f) == 3 && f[0] == "hb":
			facts = append(facts, [2]string{f[1], f[2]})
		case len(f) > 2 && (strings.HasPrefix(f[0], "unlockother/") || strings.HasPrefix(f[0], "Test")):
			events[f[0]] = append(events[f[0]], f[1]+" "+f[2])
			if strings.HasPrefix(line, f[0]+" call void sync.Mutex.Unlock()") {
				unlocks[f[0]+":"+strconv.Itoa(len(events[f[0]]))] = true
			}
		}
	}
	holders := map[string]string{"19.1": "mu@1", "43.1": "mu@2", "65.1": "mu@3"} // by the line of their go statement
	for site, mu := range holders {
		ev := events["unlockother/unlockother_test.go:"+site]
		if !slices.Contains(ev, "release "+mu) {
			t.Errorf("the goroutine created at line %s logged %q; want its release of %s", site, ev, mu)
		}
	}
	if last := events["unlockother/unlockother_test.go:19.1"]; len(last) < 2 || last[len(last)-2] != "release mu@1" || !strings.HasPrefix(last[len(last)-1], "end ") {
		t.Errorf("the ended goroutine's events end with %q; want its release of mu@1, then its end", last)
	}
	released := 0
	for _, f := range facts {
		if !unlocks[f[0]] {
			continue
		}
		released++
		colon := strings.LastIndexByte(f[1], ':')
		th, k := f[1][:colon], f[1][colon+1:]
		i, err := strconv.Atoi(k)
		if ev := events[th]; err != nil || i < 1 || i > len(ev) || !strings.HasPrefix(ev[i-1], "release ") {
			t.Errorf("fact %s -> %s: the target is not the holder's release (its events %q)", f[0], f[1], events[th])
		}
	}
	if released != len(holders) {
		t.Errorf("%d facts from an Unlock call; want %d\n%s", released, len(holders), b)
	}
	stdout, stderr, code := runCLI(t, "predict", "--props", "all", "--witness", "none", trace)
	if code != exitOK || !strings.Contains(stdout, "0 reports, 0 violations, 0 unknown candidates") {
		t.Errorf("predict: exit %d; want no report\n%s%s", code, stdout, stderr)
	}
}

// TestRecordedMethodValues: sync methods called through method values
// (record/testdata/progs/methodvalue: `done := wg.Done`, `mu.Lock` and
// `mu.Unlock` passed to a function) synchronise as the calls do. go test
// -race accepts the package; unrecorded, the calls left the writes they
// order looking like races (two DataRace reports).
func TestRecordedMethodValues(t *testing.T) {
	predictRaceFree(t, "./methodvalue")
}

// predictRaceFree runs the tests of package pkg of record/testdata/progs
// under go test -race, which must pass, then records them and predicts
// every property on the trace: no report either. It returns predict's
// standard error.
func predictRaceFree(t *testing.T, pkg string) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "record", "testdata", "progs")
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; recording needs it")
	}
	race := exec.Command("go", "test", "-race", "-count=1", pkg)
	race.Dir = dir
	if b, err := race.CombinedOutput(); err != nil {
		t.Fatalf("go test -race %s: %v\n%s", pkg, err, b)
	}
	trace := recordIn(t, dir, "go", "test", pkg)
	stdout, stderr, code := runCLI(t, "predict", "--props", "all", "--witness", "none", trace)
	if code != exitOK || !strings.Contains(stdout, "0 reports, 0 violations, 0 unknown candidates") {
		t.Errorf("predict: exit %d; want no report\n%s%s", code, stdout, stderr)
	}
	return stderr
}

// recordIn records the go command args in dir and returns the trace.
func recordIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out := t.TempDir()
	t.Chdir(dir)
	stdout, stderr, code := runCLI(t, append([]string{"record", "-o", out, "--"}, args...)...)
	if code != exitOK {
		t.Fatalf("record %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout, stderr)
	}
	return filepath.Join(out, "trace.trace")
}

// TestRecordedChannelPairing records record/testdata/progs/chanpair,
// kubernetes/81091's shape, which go test -race passes: its trace has
// channel events, not the pairing of the run, so predict finds that the
// second worker may take the first job and race with main's write.
func TestRecordedChannelPairing(t *testing.T) {
	stdout := predictRecorded(t, "./chanpair", "DataRace")
	if !regexp.MustCompile(`(?m)^\[1/1\] DataRace \(v=n@1\)$`).MatchString(stdout) {
		t.Errorf("want one report, on n\n%s", stdout)
	}
	// The witness: the second worker's receive takes the first send.
	if !regexp.MustCompile(`(?m)recv chan@\d+ \{\} @chanpair/chanpair_test.go:32$`).MatchString(stdout) {
		t.Errorf("the witness has no receive of the second worker\n%s", stdout)
	}
}

// TestRecordedSelects records record/testdata/progs/selects, where the
// worker's select took b in the run and a data race needs it to take a,
// which go test -race passes: the recorder writes the select's cases and
// marks the case it took, so predict finds the race, with a witness in
// which the worker's select takes its first case instead.
func TestRecordedSelects(t *testing.T) {
	stdout := predictRecorded(t, "./selects", "DataRace")
	if !regexp.MustCompile(`(?m)^\[1/1\] DataRace \(v=x@1\)$`).MatchString(stdout) {
		t.Errorf("want one report, on x\n%s", stdout)
	}
	if !regexp.MustCompile(`(?m)#\d+\.case1 +recv chan@\d+ 1 select=sel@1 → takes recv:chan@\d+ instead @selects/selects_test.go:23$`).MatchString(stdout) {
		t.Errorf("the witness's worker does not take its select's first case instead of the recorded one\n%s", stdout)
	}
}

// TestRecordedLeak records record/testdata/progs/leak, moby/4395's
// shape: the test passes with a goroutine left in a send nobody
// receives, one left waiting to receive from a channel nobody sends on,
// one left in a select of one such receive, one in a select that sends
// or receives, and one waiting for a stopped timer. The recorder writes
// that send as the goroutine's last event (a send it waits in), the
// receives and the first select as recvwaits, and the second select as
// inside its send case (with its select= key), so Blocked reports the
// five leaks from the passing run, with the events waited in. Two more
// goroutines wait for timers that will fire (a receive from
// time.After's channel, a select with such a case): those are not
// leaks, and are not reported. A goroutine left in a WaitGroup's Wait
// that no Done of the run can end (waitgroup_test.go) gets a latchwait
// and is reported too.
func TestRecordedLeak(t *testing.T) {
	stdout := predictRecorded(t, "./leak", "Blocked")
	blockedAt := func(line string) *regexp.Regexp {
		return regexp.MustCompile(`(?m)^    blocked  leak/leak_test.go:\d+\.1#\d+ +leak/leak_test.go:` + line + `$`)
	}
	for _, c := range []struct{ line, what string }{{"18", "its send"}, {"34", "its receive (recvwait)"}, {"44", "its select (recvwait)"}, {"59", "its select's send"}, {"90", "its receive from a stopped timer (recvwait)"}} {
		if !blockedAt(c.line).MatchString(stdout) {
			t.Errorf("want the goroutine waiting in %s, line %s\n%s", c.what, c.line, stdout)
		}
	}
	if !regexp.MustCompile(`(?m)^    blocked  leak/waitgroup_test.go:\d+\.1#\d+ +leak/waitgroup_test.go:17$`).MatchString(stdout) {
		t.Errorf("want the goroutine waiting in its WaitGroup's Wait (latchwait), waitgroup_test.go line 17\n%s", stdout)
	}
	if regexp.MustCompile(`waitgroup_test.go:3[0-9]$`).MatchString(stdout) {
		t.Errorf("TestWaitGroupReleased's Wait, which returned, is reported\n%s", stdout)
	}
	for _, line := range []string{"72", "76", "77"} {
		if blockedAt(line).MatchString(stdout) {
			t.Errorf("a goroutine waiting for a timer that will fire (line %s) is reported as blocked\n%s", line, stdout)
		}
	}
	// The select's wait is its send case, with its value and its key.
	if !regexp.MustCompile(`(?m)\* +send chan@\d+ 7 select=sel@\d+ @leak/leak_test.go:59$`).MatchString(stdout) {
		t.Errorf("the witness's select wait is not its send of 7 with the select's key\n%s", stdout)
	}
}

// predictRecorded records the tests of package pkg of
// record/testdata/progs and predicts props on the trace, which must
// have a violation; it returns predict's output.
func predictRecorded(t *testing.T, pkg, props string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; recording needs it")
	}
	trace := recordIn(t, filepath.Join(repoRoot(t), "record", "testdata", "progs"), "go", "test", pkg)
	stdout, stderr, code := runCLI(t, "predict", "--props", props, trace)
	if code != exitViolation {
		t.Fatalf("predict: exit %d; want a violation\n%s%s", code, stdout, stderr)
	}
	return stdout
}

// TestRecordedStdBuffers: calls of bytes.Buffer's and strings.Builder's
// methods (also through a method value) and fmt.Fprint* on them read or
// write one variable per buffer (record/testdata/progs/stdbuf). A
// goroutine's unordered writes race with the test's String (racy, go
// test -race reports it); a mutex, a channel, a WaitGroup or a deferred
// call's order leaves the other tests without a report.
func TestRecordedStdBuffers(t *testing.T) {
	stdout := predictRecorded(t, "./stdbuf", "all")
	reports := regexp.MustCompile(`(?m)^\[\d+/\d+\] (\w+) \(v=(\S+)\)$`).FindAllStringSubmatch(stdout, -1)
	for _, r := range reports {
		if r[1] != "DataRace" || r[2] != "logger.out@1" {
			t.Errorf("report %s on %s; want DataRace on TestRacy's logger.out@1 only\n%s", r[1], r[2], stdout)
		}
	}
	for _, line := range []string{"25", "26", "27"} { // WriteString, Fprintf, the method value WriteByte (its site is where it was taken)
		if !regexp.MustCompile(`(?m)^    write +\S+ +stdbuf/stdbuf_test.go:` + line + `$`).MatchString(stdout) {
			t.Errorf("no race of the write at line %s with the read\n%s", line, stdout)
		}
	}
	if !regexp.MustCompile(`(?m)^    read +TestRacy\S* +stdbuf/stdbuf_test.go:31$`).MatchString(stdout) {
		t.Errorf("the races' read is not TestRacy's String (line 31)\n%s", stdout)
	}
}

// TestRecordedExecBuffers: os/exec's goroutine copying a process's
// output into a *bytes.Buffer is forked at Start and awaited by Wait
// (record/testdata/progs/execbuf, GoBench's moby/18412 shape). A String
// after a time-out races with its write (go test -race reports it); a
// String after Wait, Run, or a receive of Wait's result does not.
func TestRecordedExecBuffers(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("the recorded program runs sh:", err)
	}
	stdout := predictRecorded(t, "./execbuf", "all")
	reports := regexp.MustCompile(`(?m)^\[\d+/\d+\] (\w+) \(v=(\S+)\)$`).FindAllStringSubmatch(stdout, -1)
	if len(reports) != 1 || reports[0][1] != "DataRace" {
		t.Fatalf("reports %v; want one DataRace, TestRacy's\n%s", reports, stdout)
	}
	if !regexp.MustCompile(`(?m)^    read +TestRacy\S* +execbuf/execbuf_test.go:42\n    write +execbuf/execbuf_test.go:31\.1\S* +execbuf/execbuf_test.go:31$`).MatchString(stdout) {
		t.Errorf("the race is not TestRacy's String (line 42) against the copier that Start (line 31) forked\n%s", stdout)
	}
}

// TestRecordedRunKeepsRaces records record/testdata/progs/racestamp under
// go test -race: the race detector still reports its race while the
// recorder runs (the recorder's global counter is no synchronisation to
// it, record/rt/rt_race.go), and predict finds the same race from that
// run's trace. Without rt_race.go's bracket the detector printed nothing
// in 3 of 3 runs. The recorder's tables are still kept under mutexes the
// detector sees; racestamp adds nothing to them once its goroutine runs
// (its doc comment says how), and 16 of 16 recordings beside twelve CPU
// hogs (load 14, 2026-12-01) showed the race, where the program before
// that change hid it in 2 of 16. Up to three recordings are made all the
// same, as a goroutine that a loaded machine runs only after the test's
// receive would still find its entries; three misses in a row fail.
func TestRecordedRunKeepsRaces(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "record", "testdata", "progs")
	t.Chdir(dir)
	const attempts = 3
	var out, stdout, stderr string
	for k := 1; ; k++ {
		var code int
		out = t.TempDir()
		stdout, stderr, code = runCLI(t, "record", "--allow-failure", "-o", out, "--", "go", "test", "-race", "-count=1", "./racestamp")
		if code == exitOK && strings.Contains(stdout+stderr, "WARNING: DATA RACE") {
			break
		}
		if k == attempts {
			t.Fatalf("record under go test -race, %d times: last exit %d, want 0 and the race detector's report\n%s%s", attempts, code, stdout, stderr)
		}
	}
	stdout, stderr, _ = runCLI(t, "predict", "--props", "DataRace", "--witness", "none", filepath.Join(out, "trace.trace"))
	if !regexp.MustCompile(`(?s)racestamp_test\.go:45.*racestamp_test\.go:54|racestamp_test\.go:54.*racestamp_test\.go:45`).MatchString(stdout) {
		t.Errorf("predict: want the race of lines 45 and 54\n%s%s", stdout, stderr)
	}
}
