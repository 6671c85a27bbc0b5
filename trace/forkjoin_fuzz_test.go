package trace

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gpredict/internal/forkjoin"
)

// FuzzForkJoin builds a random structure of forks, joins and writes
// (internal/forkjoin), renders it in every format, and checks that each
// reader rejects it exactly when the oracle, which looks for a cycle in an
// explicit must-happen-before graph, calls it malformed; that the error is
// positioned; and that a cycle the reader names runs through threads the
// oracle also finds on a cycle. Seeds: testdata/fuzz/FuzzForkJoin, the
// encodings of forkjoin.Cases (TestForkJoinCorpus keeps them in step).
func FuzzForkJoin(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		s := forkjoin.Decode(data)
		v := s.Malformed()
		for _, r := range renderings(t, s) {
			err := r.read()
			if (err != nil) != (v.Reason != "") {
				t.Fatalf("%s reader: error %v; oracle: %q\n%s", r.format, err, v.Reason, strings.Join(s.Text(), "--\n"))
			}
			if err != nil {
				checkStructureError(t, r.format, err, v)
			}
		}
	})
}

// checkStructureError checks a reader's error against the oracle's
// verdict: positioned, and a cycle only where the oracle finds one.
func checkStructureError(t *testing.T, format string, err error, v forkjoin.Verdict) {
	t.Helper()
	var terr *Error
	if !errors.As(err, &terr) || terr.Pos.Line == 0 && format != "rapidbin" {
		t.Fatalf("%s reader: error %q is not positioned", format, err)
	}
	cycle, ok := cycleThreads(terr.Msg)
	if !ok {
		return
	}
	// A cycle is reported only once every file is read, so no event broke
	// a rule of its own and the oracle's reason is a cycle too.
	if v.Cycle == nil {
		t.Fatalf("%s reader: %q; oracle: %q", format, err, v.Reason)
	}
	for _, name := range cycle {
		var th int
		if _, serr := fmt.Sscanf(name, "T%d", &th); serr != nil || !v.Cycle[th] {
			t.Fatalf("%s reader: %q names %s, which has no event on a cycle (oracle: %q)", format, err, name, v.Reason)
		}
	}
}

// cycleThreads returns the threads of the cycle a structure error names.
func cycleThreads(msg string) ([]string, bool) {
	const intro = "forks and joins form a cycle, "
	rest, ok := strings.CutPrefix(msg, intro)
	if !ok {
		return nil, false
	}
	list, _, _ := strings.Cut(rest, " (")
	return strings.Split(list, " → "), true
}

// rendering is a structure in one format, ready to be read.
type rendering struct {
	format string
	read   func() error
}

// renderings writes s in the four formats. Only the text rendering uses
// Split (several files of one trace).
func renderings(t *testing.T, s forkjoin.Structure) []rendering {
	var std, jsonl, rb strings.Builder
	vars := 2
	fmt.Fprintf(&rb, "header %d 0 %d %d\n", s.Threads, vars, len(s.Events))
	for i, e := range s.Events {
		th := forkjoin.Name(e.Thread)
		switch e.Kind {
		case forkjoin.Write:
			fmt.Fprintf(&std, "%s|w(V%d)|%d\n", th, e.Var, i+1)
			fmt.Fprintf(&jsonl, `{"thread":%q,"op":"write","var":"V%d","value":"1"}`+"\n", th, e.Var)
			fmt.Fprintf(&rb, "event %d 3 %d %d\n", e.Thread, e.Var, i+1)
		case forkjoin.Fork, forkjoin.Join:
			op, code := "fork", 4
			if e.Kind == forkjoin.Join {
				op, code = "join", 5
			}
			fmt.Fprintf(&std, "%s|%s(%s)|%d\n", th, op, forkjoin.Name(e.Other), i+1)
			fmt.Fprintf(&jsonl, `{"thread":%q,"op":%q,"child":%q}`+"\n", th, op, forkjoin.Name(e.Other))
			fmt.Fprintf(&rb, "event %d %d %d %d\n", e.Thread, code, e.Other, i+1)
		}
	}
	bin, err := rbFromText(rb.String())
	if err != nil {
		t.Fatal(err)
	}
	one := func(name string, read func(*Builder, string, io.Reader) error, data []byte) func() error {
		return func() error {
			b := NewBuilder()
			if err := read(b, name, bytes.NewReader(data)); err != nil {
				return err
			}
			return b.Resolve()
		}
	}
	text := func() error {
		b := NewBuilder()
		for i, src := range s.Text() {
			if err := ReadText(b, fmt.Sprintf("f%d.trace", i), strings.NewReader(src)); err != nil {
				return err
			}
		}
		return b.Resolve()
	}
	return []rendering{
		{"text", text},
		{"std", one("f.std", ReadSTD, []byte(std.String()))},
		{"jsonl", one("f.jsonl", ReadJSONL, []byte(jsonl.String()))},
		{"rapidbin", one("f.data", ReadRapidBin, bin)},
	}
}

// TestForkJoinCorpus keeps testdata/fuzz/FuzzForkJoin equal to the
// encodings of forkjoin.Cases, one file per case (go test -update writes
// them), and checks each reader on the cases' own verdicts.
func TestForkJoinCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "fuzz", "FuzzForkJoin")
	for _, c := range forkjoin.Cases() {
		want := "go test fuzz v1\n[]byte(" + strconv.Quote(string(c.S.Encode())) + ")\n"
		path := filepath.Join(dir, c.Name)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != want {
			t.Errorf("%s: %v; want the encoding of case %s (go test -update writes it)", path, err, c.Name)
		}
		for _, r := range renderings(t, c.S) {
			if err := r.read(); (err != nil) != c.Malformed {
				t.Errorf("%s, %s reader: error %v; want malformed %v", c.Name, r.format, err, c.Malformed)
			}
		}
	}
}
