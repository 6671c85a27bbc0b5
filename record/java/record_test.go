package java

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gpredict/internal/javatest"
	"gpredict/record"
	"gpredict/trace"
)

// The end-to-end tests record the programs of testdata/progs with the
// real agent and JVM. A recording takes about half a second, so each one
// is made once and shared by the tests that read it.

type recording struct {
	res    *record.Result
	text   string
	stdout string
	err    error
}

var recorded struct {
	sync.Mutex
	runs map[string]*recording
}

// recordProg records `java -cp PROGS args...` once per key.
func recordProg(t *testing.T, key string, o Options, args ...string) *recording {
	t.Helper()
	agent := javatest.Agent(t)
	classes := javatest.Compile(t, filepath.Join("testdata", "progs"))
	recorded.Lock()
	defer recorded.Unlock()
	if r, ok := recorded.runs[key]; ok {
		return r
	}
	if recorded.runs == nil {
		recorded.runs = map[string]*recording{}
	}
	var stdout, stderr bytes.Buffer
	o.Out, o.Agent, o.Stdout, o.Stderr = t.TempDir(), agent, &stdout, &stderr
	res, err := Record(append([]string{"java", "-cp", classes}, args...), o)
	r := &recording{res: res, stdout: stdout.String(), err: err}
	if err == nil {
		data, rerr := os.ReadFile(res.Traces[0])
		r.text, r.err = string(data), rerr
	}
	if r.err != nil {
		t.Logf("java's stderr:\n%s", stderr.String())
	}
	recorded.runs[key] = r
	return r
}

// lines is a recording's trace read back: each event line by id (T#k),
// and the hb facts as pairs of ids.
type lines struct {
	byID map[string]string
	hb   [][2]string
	all  []string
}

func parseLines(t *testing.T, text string) *lines {
	t.Helper()
	l := &lines{byID: map[string]string{}}
	count := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Fields(line)
		switch f[0] {
		case "init", "volatile", "type", "object", "#":
			continue
		case "hb":
			id := func(s string) string { i := strings.LastIndexByte(s, ':'); return s[:i] + "#" + s[i+1:] }
			l.hb = append(l.hb, [2]string{id(f[1]), id(f[2])})
			continue
		}
		count[f[0]]++
		id := f[0] + "#" + strconv.Itoa(count[f[0]])
		l.byID[id] = line
		l.all = append(l.all, line)
	}
	return l
}

// hasHB reports whether some hb fact goes from an event matching from to
// one matching to.
func (l *lines) hasHB(from, to *regexp.Regexp) bool {
	for _, f := range l.hb {
		if from.MatchString(l.byID[f[0]]) && to.MatchString(l.byID[f[1]]) {
			return true
		}
	}
	return false
}

func (l *lines) has(re *regexp.Regexp) bool {
	for _, line := range l.all {
		if re.MatchString(line) {
			return true
		}
	}
	return false
}

func ok(t *testing.T, r *recording) {
	t.Helper()
	if r.err != nil {
		t.Fatal(r.err)
	}
}

// TestRecordFeatures records a program that uses every construct the
// agent models, each publishing a value to another thread, and checks the
// events and hb facts that stand for each.
func TestRecordFeatures(t *testing.T) {
	r := recordProg(t, "features", Options{}, "features.Features")
	ok(t, r)
	if r.res.ExitCode != 0 || r.stdout != "ok\n" {
		t.Fatalf("exit %d, stdout %q", r.res.ExitCode, r.stdout)
	}
	l := parseLines(t, r.text)
	re := regexp.MustCompile
	events := []struct{ what, line string }{
		{"static write in <clinit>", `^main write features\.Features\.initialised 42 @Features\.<clinit>\(features/Features\.java:\d+\)$`},
		{"fork", `^main fork latcher @Features\.latch\(`},
		{"join", `^main join latcher @`},
		{"lock", `^main acquire ReentrantLock@1 @Features\.locks\(`},
		{"unlock", `^main release ReentrantLock@1 @Features\.locks\(`},
		{"read lock", `^locker racquire ReentrantReadWriteLock@1 @`},
		{"read unlock", `^locker rrelease ReentrantReadWriteLock@1 @`},
		{"write lock", `^main acquire ReentrantReadWriteLock@1 @`},
		{"monitor", `^notifier acquire Object@1 @Features\.lambda\$waitNotify`},
		{"notifyAll", `^notifier notifyAll Object@1 @`},
		{"wait", `^main wait Object@1 @Features\.waitNotify`},
		{"condition signal", `^signaller notify AbstractQueuedSynchronizer\$ConditionObject@1 @`},
		{"condition await", `^main wait ReentrantLock@2 AbstractQueuedSynchronizer\$ConditionObject@1 @`},
		{"array element", `^producer write int\[\]@1\.\[0\] 3 @`},
		{"atomic", `^(incrementer|main) read AtomicInteger@1\.value 5 @`},
		{"volatile", `^main write Features@1\.ready true @`},
		{"System.arraycopy", `^main write int\[\]@\d+\.\[1\] 2 @Features\.copy\(`},
		{"read of a copied element", `^copier read int\[\]@\d+\.\[1\] 2 @`},
	}
	for _, e := range events {
		if !l.has(re(e.line)) {
			t.Errorf("%s: no event matches %s", e.what, e.line)
		}
	}
	for _, d := range []string{"volatile Features@1.ready", "volatile AtomicInteger@1.value", "init AtomicInteger@1.value 5",
		"init Features@1.signalled false", "object Features@1 : features.Features"} {
		if !strings.Contains(r.text, "\n"+d+"\n") {
			t.Errorf("no directive %q", d)
		}
	}
	facts := []struct{ what, from, to string }{
		{"executor submit → task", `^main call \S+ java\.util\.concurrent\.ExecutorService\.submit\(`, `^pool-1-thread-1 enter java\.lang\.Object java\.util\.concurrent\.Callable\.call\(\)`},
		{"task → Future.get", `^pool-1-thread-1 exit java\.lang\.Object java\.util\.concurrent\.Callable\.call\(\)`, `^main call java\.lang\.Object java\.util\.concurrent\.Future\.get\(\) target=FutureTask@1 result=2 `},
		{"countDown → await", `^latcher call void java\.util\.concurrent\.CountDownLatch\.countDown\(\)`, `^main call void java\.util\.concurrent\.CountDownLatch\.await\(\)`},
		{"put → take", `^producer call void java\.util\.concurrent\.BlockingQueue\.put\(java\.lang\.Object\) target=ArrayBlockingQueue@1 args=int\[\]@1 `, `^main call java\.lang\.Object java\.util\.concurrent\.BlockingQueue\.take\(\) target=ArrayBlockingQueue@1 result=int\[\]@1 `},
		{"supplyAsync → supplier", `CompletableFuture\.supplyAsync\(`, ` enter java\.lang\.Object java\.util\.function\.Supplier\.get\(\)`},
		{"supplier → join", ` exit java\.lang\.Object java\.util\.function\.Supplier\.get\(\)`, `^main call java\.lang\.Object java\.util\.concurrent\.CompletableFuture\.join\(\)`},
		{"class initialiser → first use", `^main write features\.Features\.initialised 42`, `^reader read features\.Features\.initialised 42 @Features\$Late\.<clinit>`},
		{"class initialiser → read of a final static", `^initialiser write int\[\]@\d+\.\[2\] 30 @Features\$Table\.<clinit>`, `^tabler read int\[\]@\d+\.\[1\] 20 @`},
	}
	for _, f := range facts {
		if !l.hasHB(re(f.from), re(f.to)) {
			t.Errorf("%s: no hb fact from %s to %s", f.what, f.from, f.to)
		}
	}
}

// TestRecordExits: an exception through a synchronized method and through
// a logged call, a shutdown hook, System.exit and an uncaught exception
// with another thread still running all leave a trace that reads back
// (Collect validates it) and holds what was done until the end.
func TestRecordExits(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		exit int
		last string
	}{
		// System.exit forks the shutdown hooks: their events follow it.
		{"System.exit", nil, 3, `^main fork hook @Exits\.main\(exits/Exits\.java:52\)$`},
		{"uncaught", []string{"throw"}, 1, `^main release Exits@1 @Exits\.main`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := recordProg(t, "exits "+tc.name, Options{Calls: []Pattern{{Ret: "*", Decl: "Iterator", Name: "next", Params: nil}}},
				append([]string{"exits.Exits"}, tc.args...)...)
			ok(t, r)
			if r.res.ExitCode != tc.exit {
				t.Errorf("exit status %d, want %d", r.res.ExitCode, tc.exit)
			}
			l := parseLines(t, r.text)
			for _, want := range []string{
				`^main release Exits@1 @Exits\.fail\(`,                           // the exception path of a synchronized method
				`^main exit java\.lang\.Object java\.util\.Iterator\.next\(\) @`, // a call that threw: exit without result
				`^main write Exits@1\.state 3 `,
				tc.last,
				`^hook write Exits@1\.state 5 `, // the shutdown hook ran before the final flush
				`^spinner read `,
			} {
				if !l.has(regexp.MustCompile(want)) {
					t.Errorf("no event matches %s", want)
				}
			}
			// The hook follows main: forked by System.exit, or, when
			// main died, after main's last event (the JVM started the
			// hook once main had ended).
			if !l.has(regexp.MustCompile(`^main fork hook `)) && !l.hasHB(regexp.MustCompile(`^main `), regexp.MustCompile(`^hook `)) {
				t.Errorf("the shutdown hook is not ordered after main")
			}
		})
	}
}

// TestRecordKill: a JVM killed with SIGKILL leaves what the agent wrote
// before (it writes every 200 ms), a valid trace of both threads.
func TestRecordKill(t *testing.T) {
	r := recordProg(t, "kill", Options{}, "kill.Kill")
	ok(t, r)
	if r.res.ExitCode != -1 {
		t.Errorf("exit status %d, want -1 (killed)", r.res.ExitCode)
	}
	if r.res.Events < 1000 || r.res.Threads != 2 {
		t.Errorf("%d events of %d threads; want thousands, of 2", r.res.Events, r.res.Threads)
	}
}

// TestRecordFormats: --format jsonl writes JSON Lines, --format std the
// text trace and its STD projection, which gpredict's STD reader reads.
func TestRecordFormats(t *testing.T) {
	for _, format := range []string{"jsonl", "std"} {
		t.Run(format, func(t *testing.T) {
			r := recordProg(t, "features "+format, Options{Format: format}, "features.Features")
			ok(t, r)
			want := map[string]string{"jsonl": ".jsonl", "std": ".trace"}[format]
			if got := filepath.Ext(r.res.Traces[0]); got != want {
				t.Fatalf("wrote %s, want a %s file", r.res.Traces[0], want)
			}
			tr, err := trace.Read(r.res.Traces, "")
			if err != nil {
				t.Fatal(err)
			}
			if tr.NumEvents() != r.res.Events {
				t.Errorf("read %d events, recorded %d", tr.NumEvents(), r.res.Events)
			}
			if format == "std" {
				std := strings.TrimSuffix(r.res.Traces[0], ".trace") + ".std"
				st, err := trace.Read([]string{std}, "")
				if err != nil {
					t.Fatal(err)
				}
				if st.NumEvents() < tr.Stats().PerKind["read"] {
					t.Errorf("the STD file has %d events, fewer than the trace's reads", st.NumEvents())
				}
			}
		})
	}
}

// TestIncludeExclude: --exclude leaves a class out, --include keeps only
// what it names.
func TestIncludeExclude(t *testing.T) {
	r := recordProg(t, "exclude", Options{Exclude: []string{"features.Features$Late"}}, "features.Features")
	ok(t, r)
	if strings.Contains(r.text, "@Features$Late.") {
		t.Errorf("events of the excluded class features.Features$Late were recorded")
	}
	if !strings.Contains(r.text, "@Features.latch(") {
		t.Errorf("events of features.Features are missing")
	}
	r = recordProg(t, "include", Options{Include: []string{"features.Features$Late"}}, "features.Features")
	ok(t, r)
	if r.res.Instrumented != 1 || strings.Contains(r.text, "@Features.latch(") {
		t.Errorf("with --include features.Features$Late: %d classes instrumented, want 1", r.res.Instrumented)
	}
}

// TestRecordCallsOnly: a class whose only instrumentation replaces calls
// one for one (trampolines) is instrumented all the same.
func TestRecordCallsOnly(t *testing.T) {
	r := recordProg(t, "callsonly", Options{}, "callsonly.CallsOnly")
	ok(t, r)
	l := parseLines(t, r.text)
	for _, want := range []string{`^main fork child @CallsOnly\.main\(callsonly/CallsOnly\.java:11\)$`, `^main join child @`} {
		if !l.has(regexp.MustCompile(want)) {
			t.Errorf("no event matches %s in:\n%s", want, r.text)
		}
	}
}

// TestCallPatterns: with a property's call pattern, the calls it may
// match are logged as enter/exit with target, arguments and result, and
// calls it cannot match are not.
func TestCallPatterns(t *testing.T) {
	pats := []Pattern{
		{Ret: "*", Decl: "java.util.concurrent.CountDownLatch", Name: "count*", Params: nil},
		{Ret: "*", Decl: "Future+", Name: "get", Params: []string{".."}},
	}
	r := recordProg(t, "patterns", Options{Calls: pats}, "features.Features")
	ok(t, r)
	l := parseLines(t, r.text)
	for _, want := range []string{
		`^latcher enter void java\.util\.concurrent\.CountDownLatch\.countDown\(\) target=CountDownLatch@1 @`,
		`^latcher exit void java\.util\.concurrent\.CountDownLatch\.countDown\(\) @`,
		`^main enter java\.lang\.Object java\.util\.concurrent\.Future\.get\(\) target=FutureTask@1 @`,
		`^main exit java\.lang\.Object java\.util\.concurrent\.Future\.get\(\) result=2 @`,
	} {
		if !l.has(regexp.MustCompile(want)) {
			t.Errorf("no event matches %s", want)
		}
	}
	for _, not := range []string{` enter \S+ java\.util\.concurrent\.BlockingQueue\.`, ` enter \S+ java\.util\.concurrent\.CountDownLatch\.await\(`} {
		if l.has(regexp.MustCompile(not)) {
			t.Errorf("an event matches %s, which no pattern can match", not)
		}
	}
	// The hand-off from the task to the get goes to the get's exit.
	if !l.hasHB(regexp.MustCompile(`Callable\.call\(\)`), regexp.MustCompile(`^main exit java\.lang\.Object java\.util\.concurrent\.Future\.get\(\)`)) {
		t.Errorf("no hb fact from the task's exit to the get's exit")
	}
}
