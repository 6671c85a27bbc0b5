package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkJSON is the part of `trace check --format json` the tests read.
type checkJSON struct {
	Threads   int            `json:"threads"`
	Events    int            `json:"events"`
	PerKind   map[string]int `json:"perKind"`
	Variables int            `json:"variables"`
	Locks     int            `json:"locks"`
	Warnings  int            `json:"warnings"`
}

func runCheckJSON(t *testing.T, args ...string) checkJSON {
	t.Helper()
	out, errOut, code := runCLI(t, append([]string{"trace", "check", "--format", "json"}, args...)...)
	if code != exitOK {
		t.Fatalf("trace check %v: exit %d, stderr %q", args, code, errOut)
	}
	var got checkJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("trace check %v: output is not JSON: %v\n%s", args, err, out)
	}
	return got
}

// expected counts of a real trace, derived from the file itself without
// the trace package: STD line counts, RapidBin header and records.
type expected struct {
	threads, events int
	perKind         map[string]int
}

var stdKinds = map[string]string{
	"r": "read", "w": "write", "acq": "acquire", "rel": "release",
	"fork": "fork", "join": "join", "begin": "enter", "end": "exit", "branch": "branch",
}

func expectSTD(t *testing.T, path string) expected {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e := expected{perKind: map[string]int{}}
	threads := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Split(sc.Text(), "|")
		if len(fields) != 3 {
			continue
		}
		op, decor, _ := strings.Cut(strings.TrimSuffix(fields[1], ")"), "(")
		threads[fields[0]] = true
		if op == "fork" || op == "join" {
			threads[decor] = true
		}
		e.perKind[stdKinds[op]]++
		e.events++
	}
	e.threads = len(threads)
	return e
}

func expectRapidBin(t *testing.T, path string) expected {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	var hdr struct {
		Threads     int16
		Locks, Vars int32
		Events      int64
	}
	if err := binary.Read(r, binary.BigEndian, &hdr); err != nil {
		t.Fatal(err)
	}
	kinds := []string{"acquire", "release", "read", "write", "fork", "join", "", "", "", "branch"}
	e := expected{perKind: map[string]int{}}
	threads := map[int64]bool{}
	var records int64
	for {
		var x int64
		if err := binary.Read(r, binary.BigEndian, &x); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		records++
		op, decor := x>>10&0xf, x>>14&(1<<34-1)
		threads[x&0x3ff] = true
		if op == 4 || op == 5 {
			threads[decor] = true
		}
		if kinds[op] != "" { // req, begin, end are skipped
			e.perKind[kinds[op]]++
			e.events++
		}
	}
	if records != hdr.Events {
		t.Fatalf("%s: header says %d events, body has %d", path, hdr.Events, records)
	}
	e.threads = len(threads)
	return e
}

// TestTraceCheckReal runs `trace check --format json` on every real trace
// and compares with the counts the files imply.
func TestTraceCheckReal(t *testing.T) {
	dir := realTraces(t)
	n := 0
	for _, pat := range []string{"std/*.std", "litmus/*.std", "rapidbin/*.data"} {
		files, _ := filepath.Glob(filepath.Join(dir, pat))
		if len(files) == 0 {
			t.Fatalf("no %s in %s", pat, dir)
		}
		for _, f := range files {
			n++
			var want expected
			if strings.HasSuffix(f, ".data") {
				want = expectRapidBin(t, f)
			} else {
				want = expectSTD(t, f)
			}
			got := runCheckJSON(t, f)
			if got.Events != want.events || got.Threads != want.threads {
				t.Errorf("%s: %d events, %d threads; want %d, %d", f, got.Events, got.Threads, want.events, want.threads)
			}
			for kind, c := range got.PerKind {
				if c != want.perKind[kind] {
					t.Errorf("%s: %d %s events; want %d", f, c, kind, want.perKind[kind])
				}
			}
		}
	}
	t.Logf("%d real traces checked", n)
}

var traceTestdata = filepath.Join("..", "..", "trace", "testdata")

// TestTraceCheckText pins the text output and the warnings on stderr.
func TestTraceCheckText(t *testing.T) {
	in := filepath.Join(traceTestdata, "valid", "warnings.trace")
	out, errOut, code := runCLI(t, "trace", "check", in)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	want := "trace         " + in + `
threads       4
events        5
  join        1
  write       1
  acquire     3
variables     1
locks         3
invocations   0
warnings      6
`
	if out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	wantErr := `gpredict: warning: lock held at end of trace: 3 times, first: thread main holds a
gpredict: warning: thread never forked (may start at any time): 2 times, first: thread w1
gpredict: warning: join of a thread with no events (constrains nothing): thread ghost
`
	if errOut != wantErr {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, wantErr)
	}
}

// TestTraceCheckErrors: malformed input and bad usage exit 2 with one
// message on stderr.
func TestTraceCheckErrors(t *testing.T) {
	bad := filepath.Join(traceTestdata, "malformed", "unknown_op.trace")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"trace", "check", bad}, "gpredict: " + bad + `:2:4: unknown op "rd"; want one of begin, end, fork, join, read, write, acquire (lock, acq), release (unlock, rel), wait, notify, notifyAll, branch, call, enter, exit, racquire (rlock, racq), rrelease (runlock, rrel), request (req), rrequest (rreq), fence, send, recv, recvclosed, close, recvwait, default, latchwait` + "\n"},
		{[]string{"trace", "check", "--format", "xml", bad}, "gpredict: --format: \"xml\": want text or json\n"},
		{[]string{"trace", "check", "--input-format", "csv", bad}, "gpredict: --input-format: \"csv\": want text, jsonl, std or rapidbin\n"},
		{[]string{"trace", "check", "no/such.trace"}, "gpredict: stat no/such.trace: no such file or directory\n"},
		{[]string{"trace", "convert", "--to", "xml", bad}, "gpredict: --to: \"xml\": want text or jsonl\n"},
		{[]string{"trace", "convert", bad}, "gpredict: convert: missing --to; want --to text or --to jsonl\n"},
	}
	for _, tc := range tests {
		out, errOut, code := runCLI(t, tc.args...)
		if code != exitError || errOut != tc.want || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, stderr %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestTraceCheckSettings: options come from flags, GPREDICT_<FLAG> and the
// configuration file alike.
func TestTraceCheckSettings(t *testing.T) {
	in, err := filepath.Abs(filepath.Join(traceTestdata, "valid", "iterator.trace"))
	if err != nil {
		t.Fatal(err)
	}
	t.Run("env", func(t *testing.T) {
		t.Setenv("GPREDICT_FORMAT", "json")
		out, _, code := runCLI(t, "trace", "check", in)
		if code != exitOK || !strings.HasPrefix(out, "{") {
			t.Errorf("GPREDICT_FORMAT=json: exit %d, stdout %q", code, out)
		}
	})
	t.Run("config", func(t *testing.T) {
		cfg := filepath.Join(t.TempDir(), "gp.yaml")
		if err := os.WriteFile(cfg, []byte("format: json\ninput-format: text\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _, code := runCLI(t, "trace", "check", "--config", cfg, in)
		if code != exitOK || !strings.HasPrefix(out, "{") {
			t.Errorf("--config with format: json: exit %d, stdout %q", code, out)
		}
	})
}

// TestTraceConvertRoundTrip: text → jsonl → text through the command gives
// back the same text.
func TestTraceConvertRoundTrip(t *testing.T) {
	in := filepath.Join(traceTestdata, "valid", "all_ops.trace")
	text1, errOut, code := runCLI(t, "trace", "convert", "--to", "text", in)
	if code != exitOK {
		t.Fatalf("convert --to text: exit %d, %s", code, errOut)
	}
	jsonl, errOut, code := runCLI(t, "trace", "convert", "--to", "jsonl", in)
	if code != exitOK {
		t.Fatalf("convert --to jsonl: exit %d, %s", code, errOut)
	}
	tmp := filepath.Join(t.TempDir(), "t.jsonl")
	if err := os.WriteFile(tmp, []byte(jsonl), 0o644); err != nil {
		t.Fatal(err)
	}
	text2, errOut, code := runCLI(t, "trace", "convert", "--to", "text", tmp)
	if code != exitOK {
		t.Fatalf("convert jsonl --to text: exit %d, %s", code, errOut)
	}
	if text1 != text2 {
		t.Errorf("text → jsonl → text differs:\n%s\n---\n%s", text1, text2)
	}
	if n := strings.Count(jsonl, "\n"); n != 25+5 {
		t.Errorf("jsonl has %d lines; want 25 events + 5 directives", n)
	}
}
