package record

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

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
	if len(tr.Threads) != 7 {
		t.Errorf("%d threads; want 7 (the test, its subtest, five goroutines)", len(tr.Threads))
	}
	for _, want := range []struct{ what, line string }{
		{"test goroutine", "TestPipeline begin"},
		{"subtest callback after its parent", "hb TestPipeline:1 features_test.go:6.1:1"},
		{"go statement", "fork features.go:50.1 @features.go:50"},
		{"buffered send", "features.go:50.1 enter void chan.send(any) target=chan@1 args=0 @features.go:53"},
		{"send chain", "hb features.go:50.1:5 features.go:50.1:7"},
		{"receive reads its send's slot", "features.go:57.1 read chan@1.s1 1 @features.go:60"},
		{"capacity: send 2 after receive 1", "features.go:50.1 read chan@1.r1 1 @features.go:53"},
		{"close", "features.go:50.1 write chan@1.closed 1 @features.go:55"},
		{"range ends at the close", "features.go:57.1 read chan@1.closed 1 @features.go:60"},
		{"unbuffered rendezvous", "features.go:57.1 read chan@1.r1 1 @features.go:64"},
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
		{"atomics are volatile", "volatile Store.count@1"},
		{"package variable with its initial value", "init features.global 7"},
		{"select receive from a closed channel", "call any chan.recv() target=chan@1 result={} @features.go:83"},
		{"slice element through a field", "write []int@1 2 @features.go:96"},
	} {
		// Locations and goroutine names are relative to the module root.
		// Channels are numbered as the run first touches them, which
		// varies: any number matches.
		line := strings.NewReplacer("features.go", "features/features.go", "features_test.go", "features/features_test.go").Replace(want.line)
		re := regexp.MustCompile(`(?m)` + strings.ReplaceAll(regexp.QuoteMeta(line), "chan@1", `chan@\d+`) + `$`)
		if !re.MatchString(r.text) {
			t.Errorf("%s: no line %q", want.what, line)
		}
	}
	if t.Failed() {
		t.Logf("trace:\n%s", r.text)
	}
}

// TestRecordFormats writes the recording as JSON Lines and split into
// one file per goroutine: both read back as the same trace, and JSON
// Lines keep the order in which things were logged.
func TestRecordFormats(t *testing.T) {
	r := recordOnce(t, "test", "./features")
	if r.err != nil {
		t.Fatal(r.err)
	}
	want, err := trace.ParseText("trace.trace", r.text)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, o := range []Options{{Out: dir, Format: "jsonl"}, {Out: dir, Format: "text", Split: true}} {
		path, _, err := writeTrace(o, "trace", r.text)
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
			if first := got.ID(order[0]); first != "TestPipeline#1" {
				t.Errorf("JSONL starts with %s; want the order of the recording", first)
			}
		}
	}
}

// TestRecordCrash: a program that kills itself mid-run. The command's
// failure is reported, and what was written out before the kill is a
// trace.
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
	if strings.Contains(r.text, "counter -1") {
		t.Errorf("the last write, still buffered at the kill, is in the trace")
	}
}

// TestRecordLockKinds: sync.Mutex and sync.RWMutex are declared with
// their kinds, every Lock of an RWMutex comes with its request, a
// goroutine still waiting for a lock when the test ends ends with its
// request, and a goroutine that returns ends with `end` — a test's own
// goroutine when the process exits (its cleanups ran after it returned).
func TestRecordLockKinds(t *testing.T) {
	r := recordOnce(t, "test", "./golocks", "-run", "TestLocks")
	if r.err != nil {
		t.Fatal(r.err)
	}
	tr, err := trace.ParseText("trace.trace", r.text)
	if err != nil {
		t.Fatalf("the recording is no trace: %v", err)
	}
	for _, want := range []struct{ what, re string }{
		{"mutex kind", `(?m)^lock Server\.mu@1 : mutex$`},
		{"rwmutex kind", `(?m)^lock Cache\.mu@1 : rwmutex$`},
		{"writer's request before its acquire", `(?m)^golocks/golocks_test\.go:2[23]\.1 request Cache\.mu@1 @golocks/golocks\.go:38\ngolocks/golocks_test\.go:2[23]\.1 acquire Cache\.mu@1 @golocks/golocks\.go:38$`},
		{"nested read acquire", `(?m)^golocks/golocks_test\.go:2[23]\.1 racquire Cache\.mu@1 @golocks/golocks\.go:35$`},
		{"goroutine that returned", `(?m)^golocks/golocks_test\.go:22\.1 end$`},
		{"test that returned, ended at exit", `(?m)^TestLocks end$`},
	} {
		if !regexp.MustCompile(want.re).MatchString(r.text) {
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
	leaker, _ := tr.ThreadByName("golocks/golocks_test.go:32.1")
	if evs := tr.Threads[leaker].Events; evs[len(evs)-1].Op != trace.OpEnd {
		t.Errorf("the goroutine that returned holding a read lock ends with %s; want end", evs[len(evs)-1].Op)
	}
	if t.Failed() {
		t.Logf("trace:\n%s", r.text)
	}
}

// TestRecordHang: a test that hangs until its time-out is recorded all
// the same (the buffers are written out before the testing package kills
// it), and the goroutine's last event is the request it waited in.
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
