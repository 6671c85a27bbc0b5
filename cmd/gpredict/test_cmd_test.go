package main

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGpredictTest runs `gpredict test` as a user would: on the README's
// server, whose predicted race is reported as the race detector reports
// one (each event with its goroutine and call stack, each goroutine's
// creation stack, the witness) under its test; on a test that deadlocks
// until -timeout ends it, whose deadlock and blocked goroutines are
// reported; on tests that leave goroutines waiting for ever (Blocked, a
// report per test); on a test that hangs in a receive, whose Blocked end
// the run's own report already is; and on tests without a bug, which
// report nothing and exit 0.
func TestGpredictTest(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go tool is not on PATH; gpredict test needs it")
	}
	progs := filepath.Join(repoRoot(t), "record", "testdata", "progs")
	for _, tc := range []struct {
		name, dir string
		args      []string
		code      int
		want      []string // lines of stdout, in this order, as regular expressions
		absent    []string // lines stdout must not have, as regular expressions
	}{
		{"a predicted race", filepath.Join(repoRoot(t), "examples", "go", "server"), []string{"-run", "TestShutdown", "."}, exitViolation, []string{
			`^--- TestShutdown: 1 report$`,
			`^={18}$`,
			`^WARNING: DataRace \(predicted\) in TestShutdown$`,
			`^write: write Server.closed@1 true by goroutine server_test.go:15.1 \(server_test.go:15.1#1\):$`,
			`^  example.com/server.\(\*Server\).Shutdown\(\)$`,
			`^      server.go:16$`,
			`^  example.com/server.TestShutdown.func1\(\)$`,
			`^read: read Server.closed@1 true by goroutine server_test.go:19.1 \(server_test.go:19.1#5\):$`,
			`^  example.com/server.\(\*Server\).Accept\(\)$`,
			`^      server.go:27$`,
			`^Goroutine server_test.go:15.1 created at:$`,
			`^  example.com/server.TestShutdown\(\)$`,
			`^      server_test.go:15$`,
			`^Goroutine server_test.go:19.1 created at:$`,
			`^      server_test.go:19$`,
			`^  witness:$`,
			`^ *server_test.go:15.1#1 \* +write Server.closed@1 true @server.go:16$`,
			`^ *server_test.go:19.1#5 \* +read Server.closed@1 true @server.go:27$`,
			`^={18}$`,
			`^gpredict test: 1 report in 1 test \(DataRace 1\)$`,
		}, []string{`TestShutdown\.func2`}}, // the recorder's closure around a go statement's call
		{"unknown candidates", filepath.Join(repoRoot(t), "examples", "go", "server"), []string{"--timeout", "1ns", "-run", "TestShutdown", "."}, exitUnknown, []string{
			// Counted by property and reason, as predict counts them.
			`^--- 1 unknown candidate, by property and reason \(predict --all on the trace that --out keeps lists each\):$`,
			`^  1  DataRace  timeout after 1ns$`,
			`^gpredict test: 0 reports, 1 unknown candidate$`,
		}, nil},
		{"a run that blocks", progs, []string{"-timeout", "2s", "./blocks"}, exitViolation, []string{
			// The goroutines' lock waits are their requests (record's
			// collector), so the deadlock is a report with a witness.
			`^WARNING: Deadlock \(predicted\) in TestDeadlock$`,
			`^request: request b@1 by goroutine blocks/blocks_test.go:18.1 \(blocks/blocks_test.go:18.1#5\):$`,
			`^request: request a@1 by goroutine blocks/blocks_test.go:24.1 \(blocks/blocks_test.go:24.1#5\):$`,
			`^  witness:$`,
			`^WARNING: the run blocked \(the test timed out\): goroutine TestDeadlock waits in void sync.WaitGroup.Wait\(\) target=wg@1$`,
			`^WARNING: the run blocked \(the test timed out\): goroutine blocks/blocks_test.go:18.1 waits in acquire b@1$`,
			`^  example.com/progs/blocks.TestDeadlock.func1\(\)$`,
			`^      blocks/blocks_test.go:22$`,
			`^which goroutine blocks/blocks_test.go:24.1 holds$`,
			`^WARNING: the run blocked \(the test timed out\): goroutine blocks/blocks_test.go:24.1 waits in acquire a@1$`,
			`^gpredict test: 1 report in 1 test \(Deadlock 1\), the run blocked \(the test timed out: 3 goroutines\); go test failed \(exit status 1\)$`,
		}, nil},
		{"goroutines a passing run leaves waiting", progs, []string{"./leak"}, exitViolation, []string{
			// One Blocked end leaves a goroutine of each test waiting;
			// each test gets the report of its own.
			`^--- TestLeak: 1 report$`,
			`^WARNING: Blocked \(predicted\) in TestLeak$`,
			`^blocked: send chan@\d+ by goroutine leak/leak_test.go:17.1 \(leak/leak_test.go:17.1#2\):$`,
			`^  example.com/progs/leak.async.func1\(\)$`,
			`^Goroutine leak/leak_test.go:17.1 created at:$`,
			`^  example.com/progs/leak.TestLeak\(\)$`,
			`^  witness`,
			`^--- TestWaiter: 1 report$`,
			`^WARNING: Blocked \(predicted\) in TestWaiter$`,
			`^blocked: recvwait chan@\d+ by goroutine leak/leak_test.go:33.1 `,
			`^gpredict test: \d+ reports in \d+ tests \(Blocked \d+\)$`,
		}, []string{`^WARNING: Blocked .* and `, `leak\.async\.func2`}},
		{"a run that hangs in a receive", progs, []string{"-timeout", "2s", "./chanhang"}, exitViolation, []string{
			`^WARNING: the run blocked \(the test timed out\): goroutine TestHang waits in void sync.WaitGroup.Wait\(\) target=wg@1$`,
			`^WARNING: the run blocked \(the test timed out\): goroutine chanhang/chanhang_test.go:18.1 waits in any chan.recv\(\) target=chan@1$`,
			`^gpredict test: 0 reports, the run blocked \(the test timed out: 2 goroutines\); go test failed \(exit status 1\)$`,
		}, []string{`^WARNING: Blocked`}}, // the run's own report says it
		{"a run that panics", progs, []string{"./panicking"}, exitViolation, []string{
			// The run shows the bug: its panic, where, and the
			// goroutine's creation, without the recorder's frames.
			`^WARNING: the run panicked: send on closed channel$`,
			`^  example.com/progs/panicking.TestSendAfterClose.func1\(\)$`,
			`^      panicking/panicking_test.go:14$`,
			`^Goroutine created at:$`,
			`^  example.com/progs/panicking.TestSendAfterClose\(\)$`,
			`^      panicking/panicking_test.go:12$`,
			`^gpredict test: .*; go test failed \(exit status 1\): panic: send on closed channel$`,
		}, nil},
		{"no bug", progs, []string{"./gohb"}, exitOK, []string{
			`^ok  	example.com/progs/gohb`,
			`^gpredict test: 0 reports$`,
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(tc.dir)
			stdout, stderr, code := runCLI(t, append([]string{"test"}, tc.args...)...)
			if code != tc.code {
				t.Errorf("exit status %d; want %d\n%s", code, tc.code, stderr)
			}
			lines := strings.Split(stdout, "\n")
			at := 0
			for _, w := range tc.want {
				re := regexp.MustCompile(w)
				for at < len(lines) && !re.MatchString(lines[at]) {
					at++
				}
				if at == len(lines) {
					t.Fatalf("no line %q (after the earlier ones) in:\n%s", w, stdout)
				}
				at++
			}
			for _, a := range tc.absent {
				re := regexp.MustCompile(a)
				for _, l := range lines {
					if re.MatchString(l) {
						t.Errorf("line %q matches %q; want none:\n%s", l, a, stdout)
					}
				}
			}
		})
	}
}

// TestTestArgs: gpredict test's own flags start with two dashes (and -o);
// everything else is go test's, -timeout and -run included.
func TestTestArgs(t *testing.T) {
	cmd := newTestCmd()
	got, help, err := testArgs(cmd, []string{"--props", "DataRace", "-run", "TestX", "--timeout=5s", "-timeout", "1m", "-o", "rec", "./pkg"})
	if err != nil || help {
		t.Fatal(err, help)
	}
	if strings.Join(got, " ") != "-run TestX -timeout 1m ./pkg" {
		t.Errorf("go test arguments %q", got)
	}
	f := cmd.Flags()
	if p, _ := f.GetString("props"); p != "DataRace" {
		t.Errorf("--props %q", p)
	}
	if d, _ := f.GetDuration("timeout"); d.String() != "5s" {
		t.Errorf("--timeout %v", d)
	}
	if o, _ := f.GetString("out"); o != "rec" {
		t.Errorf("-o %q", o)
	}
	if _, _, err := testArgs(cmd, []string{"--memory", "2GiB"}); err != nil {
		t.Fatal(err)
	}
	if m := f.Lookup("memory").Value.String(); m != "2048MiB" {
		t.Errorf("--memory %q", m)
	}
	if _, _, err := testArgs(newTestCmd(), []string{"--jobs"}); err == nil || !strings.Contains(err.Error(), "--jobs needs a value") {
		t.Errorf("error %v; want --jobs needs a value", err)
	}
}

// TestGpredictTestMemoryBudget: gpredict test keeps each trace's
// prediction to --memory as predict does; a trace that does not fit
// stops being read, with the error naming it and the budget (exit 2).
func TestGpredictTestMemoryBudget(t *testing.T) {
	t.Chdir(filepath.Join(repoRoot(t), "record", "testdata", "progs"))
	_, stderr, code := runCLI(t, "test", "--memory", "1MiB", "./gohb")
	if code != exitError || !strings.Contains(stderr, "reading the trace stopped at the memory budget (1.0 MiB, --memory)") {
		t.Errorf("exit status %d, stderr:\n%s\nwant 2 and the budget named", code, stderr)
	}
}
