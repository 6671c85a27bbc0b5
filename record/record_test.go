package record

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gpredict/trace"
)

// The end-to-end tests record the programs of testdata/progs (a module of
// its own) with the real go tool. Building an instrumented program takes
// seconds, so each program is recorded once and shared by the tests.

var recorded struct {
	sync.Mutex
	runs map[string]*recording
}

type recording struct {
	res    *Result
	text   string
	stderr string // the recorded command's, passed through
	err    error
}

// recordedTrace records `go ARGS` (recordOnce) and reads the trace, failing
// the test when either does not work.
func recordedTrace(t *testing.T, args ...string) (*recording, *trace.Trace) {
	t.Helper()
	r := recordOnce(t, args...)
	if r.err != nil {
		t.Fatal(r.err)
	}
	tr, err := trace.ParseText("trace.trace", r.text)
	if err != nil {
		t.Fatalf("the recording is no trace: %v", err)
	}
	return r, tr
}

// recordOnce records `go ARGS` in testdata/progs once per ARGS.
func recordOnce(t *testing.T, args ...string) *recording {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go tool is not on PATH")
	}
	recorded.Lock()
	defer recorded.Unlock()
	key := strings.Join(args, " ")
	if r, ok := recorded.runs[key]; ok {
		return r
	}
	if recorded.runs == nil {
		recorded.runs = map[string]*recording{}
	}
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	res, err := Record(append([]string{"go"}, args...), Options{
		Dir: filepath.Join("testdata", "progs"), Out: out, Stdout: &stdout, Stderr: &stderr,
	})
	r := &recording{res: res, stderr: stderr.String(), err: err}
	if err == nil && len(res.Traces) == 1 {
		data, rerr := os.ReadFile(res.Traces[0])
		r.text, r.err = string(data), rerr
	}
	if r.err != nil {
		r.err = &recordError{r.err, stderr.String()}
	}
	recorded.runs[key] = r
	return r
}

type recordError struct {
	err    error
	stderr string
}

func (e *recordError) Error() string { return e.err.Error() + "\n" + e.stderr }

// TestRecordFeatures records a test that uses every construct the
// recorder instruments and checks the events that stand for each.
func TestRecordFeatures(t *testing.T) {
	r := recordOnce(t, "test", "./features")
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.res.ExitCode != 0 || r.res.Instrumented != 2 {
		t.Errorf("exit %d, %d files instrumented; want 0 and 2", r.res.ExitCode, r.res.Instrumented)
	}
	tr, err := trace.ParseText("trace.trace", r.text)
	if err != nil {
		t.Fatalf("the recording is no trace: %v", err)
	}
	if len(tr.Threads) != 8 {
		t.Errorf("%d threads; want 8 (main, the test, its subtest, five goroutines)", len(tr.Threads))
	}
	for _, want := range []struct{ what, line string }{
		{"test goroutine", "TestPipeline begin"},
		{"test forked by goroutine 1, which waits in m.Run", "main fork TestPipeline"},
		{"subtest callback after its parent", "hb TestPipeline:1 features_test.go:6.1:1"},
		{"go statement", "fork features.go:50.1 @features.go:50"},
		{"buffered send", "features.go:50.1 enter void chan.send(any) target=chan@1 args=0 @features.go:53"},
		{"buffered channel's capacity", "chan chan@1 : 1"},
		{"unbuffered channel's capacity", "chan chan@1 : 0"},
		{"send event", "features.go:50.1 send chan@1 0 @features.go:53"},
		{"receive event", "features.go:57.1 recv chan@1 0 @features.go:60"},
		{"close", "features.go:50.1 close chan@1 @features.go:55"},
		{"range ends at the close", "features.go:57.1 recvclosed chan@1 @features.go:60"},
		{"unbuffered send", "features.go:57.1 send chan@1 3 @features.go:64"},
		{"select receive from a closed channel, its event", "features_test.go:6.1 recvclosed chan@1 @features.go:83"},
		{"write lock, embedded", "acquire Store.RWMutex@1 @features.go:33"},
		{"read lock", "racquire Store.RWMutex@1 @features.go:25"},
		{"map write as a call", `call void map.write(any,any) args="sum",3 target=map@1 @features.go:34`},
		{"map write as an access", "write map@1 1 @features.go:34"},
		{"map delete", `call void map.delete(any) args="zz" target=map@1 @features.go:36`},
		{"map range", "call void map.range() target=map@1 @features.go:92"},
		{"map iteration", "call void map.next() target=map@1 @features.go:92"},
		{"cond wait", "wait Store.mu@1 Cond@1 @features.go:77"},
		{"cond signal", "notify Cond@1 @features.go:72"},
		{"once", "enter void sync.Once.Do() target=Store.once@1 @features.go:40"},
		{"wait group add", "features_test.go:6.1 call void sync.WaitGroup.Add(int,int) target=wg@1 args=2,0 @features.go:49"},
		{"typed atomic", "write Store.hits@1 1 @features.go:27"},
		{"atomic function", "write Store.count@1 1 @features.go:28"},
		{"an atomic is a critical section of its own lock", "features_test.go:6.1 acquire atomic(Store.count@1) @features.go:28"},
		{"an atomic reads the value before it", "features_test.go:6.1 read Store.count@1 0 @features.go:28"},
		{"package variable with its initial value", "init features.global 7"},
		{"select receive from a closed channel", "call any chan.recv() target=chan@1 result={} @features.go:83"},
		{"slice element through a field", "write []int@1 2 @features.go:96"},
	} {
		// Locations and goroutine names are relative to the module root.
		// Channels are numbered as the run first touches them, which
		// varies: any number matches.
		line := strings.NewReplacer("features.go", "features/features.go", "features_test.go", "features/features_test.go").Replace(want.line)
		re := regexp.MustCompile(`(?m)` + strings.ReplaceAll(regexp.QuoteMeta(line), "chan@1", `chan@\d+`) + `$`)
		if !re.MatchString(noStacks(r.text)) {
			t.Errorf("%s: no line %q", want.what, line)
		}
	}
	// Every event has its stack; a fork's is the go statement's: the
	// goroutine's creation stack, innermost first.
	if !regexp.MustCompile(`(?m)^features/features_test.go:6.1 fork features/features.go:50.1 stack=s\d+ @features/features.go:50$`).MatchString(r.text) {
		t.Errorf("the fork at features.go:50 has no stack")
	}
	creation := `(?m)^stack s\d+ example.com/progs/features.Pipeline@features/features.go:50 example.com/progs/features.TestPipeline.func1@features/features_test.go:7 testing.tRunner@`
	if !regexp.MustCompile(creation).MatchString(r.text) {
		t.Errorf("no stack for the go statement at features.go:50 (Pipeline, called by the subtest's function)")
	}
	if t.Failed() {
		t.Logf("trace:\n%s", r.text)
	}
}

// noStacks is a trace text without the events' stack keys.
func noStacks(text string) string { return stackKey.ReplaceAllString(text, "") }

var stackKey = regexp.MustCompile(` stack=s\d+`)

// TestRecordFormats writes the recording as JSON Lines and split into
// one file per goroutine: both read back as the same trace, and JSON
// Lines keep the order in which things were logged.
func TestRecordFormats(t *testing.T) {
	r, want := recordedTrace(t, "test", "./features")
	dir := t.TempDir()
	for _, o := range []Options{{Out: dir, Format: "jsonl"}, {Out: dir, Format: "text", Split: true}} {
		text := filepath.Join(dir, "trace.trace")
		if err := os.WriteFile(text, []byte(r.text), 0o644); err != nil {
			t.Fatal(err)
		}
		path, err := convert(o, "trace", text, want)
		if err != nil {
			t.Fatal(err)
		}
		format := "jsonl"
		if o.Split {
			format = ""
		}
		got, err := trace.Read([]string{path}, format)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got.NumEvents() != want.NumEvents() || len(got.Threads) != len(want.Threads) || len(got.HB()) != len(want.HB()) {
			t.Errorf("%s: %d events, %d threads, %d facts; want %d, %d, %d", path,
				got.NumEvents(), len(got.Threads), len(got.HB()), want.NumEvents(), len(want.Threads), len(want.HB()))
		}
		if !o.Split {
			order := trace.ArrivalOrder(got)
			if first := got.ID(order[0]); first != "main#1" {
				t.Errorf("JSONL starts with %s; want the order of the recording", first)
			}
		}
	}
}

// TestRecordCrash: a program that kills itself (SIGKILL) mid-run. The
// command's failure is reported, and the trace holds what the program
// did: on Linux, where the log is a shared mapping of its file, every
// event up to the kill, its last write included; elsewhere what was
// written out before it.
func TestRecordCrash(t *testing.T) {
	r := recordOnce(t, "run", "./crash")
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.res.ExitCode == 0 {
		t.Errorf("exit status 0; want the failure of the killed program")
	}
	tr, err := trace.ParseText("trace.trace", r.text)
	if err != nil {
		t.Fatalf("the recording is no trace: %v", err)
	}
	if tr.NumEvents() < 1000 {
		t.Errorf("%d events; want the thousands written out before the kill", tr.NumEvents())
	}
	if last := strings.Contains(r.text, "write main.counter -1"); runtime.GOOS == "linux" && !last {
		t.Errorf("the last write before the kill is not in the trace")
	}
}

// TestRecordBlocked: runs that do not end by themselves — a test that
// deadlocks until -timeout ends it, a program in which the Go runtime
// finds every goroutine asleep — are collected, and the goroutines they
// left waiting are named with what they wait in and who holds the lock.
func TestRecordBlocked(t *testing.T) {
	for _, tc := range []struct {
		name, ended string
		args        []string
		blocked     []string // THREAD WHAT [held by HOLDER], sorted
	}{
		{"test time-out", "the test timed out", []string{"test", "-timeout", "2s", "./blocks"}, []string{
			"TestDeadlock void sync.WaitGroup.Wait() target=wg@1",
			"blocks/blocks_test.go:18.1 acquire b@1 held by blocks/blocks_test.go:24.1",
			"blocks/blocks_test.go:24.1 acquire a@1 held by blocks/blocks_test.go:18.1",
		}},
		{"all goroutines asleep", "the Go runtime found all goroutines asleep", []string{"run", "./deadlock"}, []string{
			"deadlock/main.go:12.1 acquire mu@1 held by main",
			"main any chan.recv() target=chan@1",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := recordOnce(t, tc.args...)
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.res.ExitCode == 0 || r.res.Ended != tc.ended {
				t.Errorf("exit status %d, ended %q; want a failure that ended %q", r.res.ExitCode, r.res.Ended, tc.ended)
			}
			var got []string
			for _, b := range r.res.Blocked {
				s := b.Thread + " " + b.What
				if b.Holder != "" {
					s += " held by " + b.Holder
				}
				got = append(got, s)
				if len(b.Stack) == 0 || !strings.HasSuffix(b.Stack[0].File, b.Site[:strings.LastIndexByte(b.Site, ':')]) {
					t.Errorf("%s: stack %v does not start at %s", b.Thread, b.Stack, b.Site)
				}
			}
			slices.Sort(got)
			if strings.Join(got, "\n") != strings.Join(tc.blocked, "\n") {
				t.Errorf("blocked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.blocked, "\n"))
			}
		})
	}
}

// TestRecordSignal: a termination that reaches gpredict while the
// recorded program runs is passed on to it, and what it recorded until
// then is collected.
func TestRecordSignal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGTERM")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go tool is not on PATH")
	}
	out := t.TempDir()
	done := make(chan struct{})
	var res *Result
	var err error
	go func() {
		defer close(done)
		res, err = Record([]string{"go", "run", "./sleeper"}, Options{Dir: filepath.Join("testdata", "progs"), Out: out})
	}()
	// The program has run when its log holds its writes (on Linux the
	// log is the file itself; elsewhere the test only waits).
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		logs, _ := filepath.Glob(filepath.Join(out, "raw", "raw-*.log"))
		if len(logs) > 0 {
			if data, _ := os.ReadFile(logs[0]); bytes.Contains(data, []byte("write main.x 2")) {
				break
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	syscall.Kill(os.Getpid(), syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("record did not return after SIGTERM")
	}
	if err != nil {
		t.Fatal(err)
	}
	if res.Ended != "interrupted by terminated" || res.ExitCode == 0 {
		t.Errorf("ended %q, exit status %d; want a run interrupted by terminated", res.Ended, res.ExitCode)
	}
	data, rerr := os.ReadFile(res.Traces[0])
	if rerr != nil {
		t.Fatal(rerr)
	}
	if !strings.Contains(noStacks(string(data)), "main write main.x 2 @sleeper/main.go:20") {
		t.Errorf("the trace lacks the write before the sleep:\n%s", data)
	}
}

// TestRecordUnrecordedWrite: a read of a value that code the recorder
// does not see wrote (here encoding/binary) is warned about, and the
// warning names the constructs that do it.
func TestRecordUnrecordedWrite(t *testing.T) {
	r := recordOnce(t, "run", "./unrecorded")
	if r.err != nil {
		t.Fatal(r.err)
	}
	var msgs []string
	for _, w := range r.res.Warnings {
		msgs = append(msgs, w.Msg)
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, "a value that no recorded write produces is read (once, first: ") || !strings.Contains(all, "binary.PutUint64") {
		t.Errorf("warnings:\n%s\nwant one about the read of the byte that binary.PutUint64 wrote", all)
	}
}

// TestRecordOldGo: a module of an older Go version (1.19) than the go
// command's records: the runtime module it requires declares the oldest
// version with generics, never a newer one than the module's.
func TestRecordOldGo(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go tool is not on PATH")
	}
	out := t.TempDir()
	res, err := Record([]string{"go", "run", "."}, Options{Dir: filepath.Join("testdata", "oldgo"), Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode != 0 || res.Events < 3 {
		t.Errorf("exit status %d, %d events; want a recording of the run", res.ExitCode, res.Events)
	}
}

// TestRecordLockKinds: sync.Mutex and sync.RWMutex are declared with
// their kinds, every Lock of an RWMutex comes with its request, a
// goroutine still waiting for a lock when the test ends ends with its
// request, and a goroutine that returns ends with `end` — a test's own
// goroutine when the process exits (its cleanups ran after it returned).
func TestRecordLockKinds(t *testing.T) {
	r, tr := recordedTrace(t, "test", "./golocks", "-run", "TestLocks")
	for _, want := range []struct{ what, re string }{
		{"mutex kind", `(?m)^lock Server\.mu@1 : mutex$`},
		{"rwmutex kind", `(?m)^lock Cache\.mu@1 : rwmutex$`},
		{"writer's request before its acquire", `(?m)^golocks/golocks_test\.go:24\.2 request Cache\.mu@1 @golocks/golocks\.go:38\ngolocks/golocks_test\.go:24\.2 acquire Cache\.mu@1 @golocks/golocks\.go:38$`},
		{"nested read acquire", `(?m)^golocks/golocks_test\.go:24\.1 racquire Cache\.mu@1 @golocks/golocks\.go:35$`},
		{"goroutine that returned", `(?m)^golocks/golocks_test\.go:24\.1 end$`},
		{"test that returned, ended at exit", `(?m)^TestLocks end$`},
	} {
		if !regexp.MustCompile(want.re).MatchString(noStacks(r.text)) {
			t.Errorf("%s: no match for %s", want.what, want.re)
		}
	}
	blocked, ok := tr.ThreadByName("golocks/golocks_test.go:13.1")
	if !ok {
		t.Fatalf("no goroutine golocks/golocks_test.go:13.1:\n%s", r.text)
	}
	evs := tr.Threads[blocked].Events
	if last := evs[len(evs)-1]; last.Op != trace.OpRequest || tr.Str(last.Obj) != "Server.mu@1" {
		t.Errorf("the goroutine blocked on its own mutex ends with %s %s; want its request of Server.mu@1", last.Op, tr.Str(last.Obj))
	}
	leaker, _ := tr.ThreadByName("golocks/golocks_test.go:31.1")
	if evs := tr.Threads[leaker].Events; evs[len(evs)-1].Op != trace.OpEnd {
		t.Errorf("the goroutine that returned holding a read lock ends with %s; want end", evs[len(evs)-1].Op)
	}
	if t.Failed() {
		t.Logf("trace:\n%s", r.text)
	}
}

// TestRecordHang: a test that hangs until its time-out is recorded all
// the same (the log is the mapped file), and the goroutine's last event is
// the request that its "# blocks" note became.
func TestRecordHang(t *testing.T) {
	r := recordOnce(t, "test", "./golocks", "-run", "TestHang", "-timeout", "3s")
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.res.ExitCode == 0 {
		t.Errorf("exit status 0; want the failure of the test that timed out")
	}
	tr, err := trace.ParseText("trace.trace", r.text)
	if err != nil {
		t.Fatalf("the recording is no trace: %v", err)
	}
	th, ok := tr.ThreadByName("TestHang")
	if !ok {
		t.Fatalf("no thread TestHang:\n%s", r.text)
	}
	evs := tr.Threads[th].Events
	if last := evs[len(evs)-1]; last.Op != trace.OpRequest || tr.Str(last.Obj) != "Server.mu@1" {
		t.Errorf("TestHang ends with %s %s; want its request of Server.mu@1:\n%s", last.Op, tr.Str(last.Obj), r.text)
	}
}

// TestRecordSettle: a goroutine that the test left running when it
// returned goes on until it blocks before the process exits (rt_settle.go),
// so its double lock is in the trace, its wait as its last event.
func TestRecordSettle(t *testing.T) {
	r, tr := recordedTrace(t, "test", "./golocks", "-run", "TestReturnsEarly")
	th, ok := tr.ThreadByName("golocks/golocks_test.go:52.1")
	if !ok {
		t.Fatalf("no goroutine golocks/golocks_test.go:52.1:\n%s", r.text)
	}
	var ops []string
	for _, ev := range tr.Threads[th].Events {
		if ev.Op == trace.OpAcquire || ev.Op == trace.OpRequest {
			ops = append(ops, ev.Op.String()+" "+tr.Str(ev.Obj))
		}
	}
	if got := strings.Join(ops, ", "); got != "acquire Server.mu@1, request Server.mu@1" {
		t.Errorf("the goroutine's locks: %s; want its acquire of Server.mu@1, then its request:\n%s", got, r.text)
	}
}
