package query

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gpredict/internal/explore"
	"gpredict/predict/replay"
	"gpredict/predict/report/witness"
	"gpredict/predict/stage"
	"gpredict/trace"
)

// litmusDir holds the litmus tests of docs/semantics.md rule 6, each a
// trace with its question and the outcome under each model in its
// opening comment ("# query: ...", "# expect: sc no, tso yes, pso yes"):
// the results published for x86-TSO (Owens, Sarkar, Sewell, "A better
// x86 memory model: x86-TSO") and SPARC PSO.
var litmusDir = filepath.Join("..", "..", "examples", "memmodel")

var (
	litmusReads    = regexp.MustCompile(`--reads "([^"]*)"`)
	litmusBranches = regexp.MustCompile(`--branches (\w+)`)
	litmusExpect   = regexp.MustCompile(`(sc|tso|pso) (yes|no)`)
)

type litmus struct {
	name     string
	reads    []string
	branches trace.BranchModel
	expect   map[trace.MemoryModel]bool
}

// readLitmus reads the question and the outcomes of a litmus trace; ok
// is false for a trace of the folder that asks none (dekker.trace).
func readLitmus(t *testing.T, path string) (l litmus, ok bool) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l = litmus{name: strings.TrimSuffix(filepath.Base(path), ".trace"), expect: map[trace.MemoryModel]bool{}}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "# query:"):
			for _, m := range litmusReads.FindAllStringSubmatch(line, -1) {
				l.reads = append(l.reads, m[1])
			}
			if m := litmusBranches.FindStringSubmatch(line); m != nil {
				if l.branches, err = trace.ParseBranchModel(m[1]); err != nil {
					t.Fatalf("%s: %v", path, err)
				}
			}
		case strings.HasPrefix(line, "# expect:"):
			for _, m := range litmusExpect.FindAllStringSubmatch(line, -1) {
				mem, _ := trace.ParseMemoryModel(m[1])
				l.expect[mem] = m[2] == "yes"
			}
		}
	}
	if len(l.reads) == 0 && len(l.expect) == 0 {
		return l, false
	}
	if len(l.reads) == 0 || len(l.expect) != 3 {
		t.Fatalf("%s: want a \"# query:\" line with --reads and a \"# expect:\" line for sc, tso and pso", path)
	}
	return l, true
}

// Every litmus test, with and without fences, gets its published outcome
// under each model from gpredict query and from the reference explorer;
// a yes comes with a witness the replay validator accepted under the
// model (Ask checks it). Two witnesses are golden files: one shows TSO
// delaying writes past reads (R), one PSO reordering two writes (MP).
func TestLitmus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(litmusDir, "*.trace"))
	if err != nil {
		t.Fatal(err)
	}
	fenced, seen := 0, map[string]bool{}
	for _, path := range files {
		l, ok := readLitmus(t, path)
		if !ok {
			continue
		}
		seen[l.name] = true
		tr, err := trace.Read([]string{path}, "")
		if err != nil {
			t.Fatal(err)
		}
		if hasFence(tr) {
			fenced++
		}
		q, err := Parse(tr, nil, l.reads)
		if err != nil {
			t.Fatalf("%s: %v", l.name, err)
		}
		_, reads := explorerQuery(tr, q)
		model := l.branches.Resolve(tr)
		for _, mem := range []trace.MemoryModel{trace.SC, trace.TSO, trace.PSO} {
			ans, err := Ask(tr, q, Options{Branches: l.branches, Mem: mem})
			if err != nil {
				t.Fatalf("%s %s: %v", l.name, mem, err)
			}
			if got := ans.Verdict == stage.Sat; got != l.expect[mem] || ans.Verdict == stage.Unknown {
				t.Errorf("%s under %s: %s, want %v", l.name, mem, ans.Verdict, yesNo(l.expect[mem]))
			}
			if ok, _ := explore.QueryIn(tr, model, mem, nil, reads); ok != l.expect[mem] {
				t.Errorf("%s under %s: the explorer says %v, want %v", l.name, mem, yesNo(ok), yesNo(l.expect[mem]))
			}
			golden := map[string]trace.MemoryModel{"r": trace.TSO, "mp": trace.PSO}
			if g, ok := golden[l.name]; ok && g == mem {
				ans.Seconds = 0
				var buf bytes.Buffer
				if err := WriteText(&buf, tr, ans, ReportOptions{Witness: witness.Full}); err != nil {
					t.Fatal(err)
				}
				goldenFile(t, filepath.Join("testdata", "golden", "litmus_"+l.name+"_"+mem.String()+".txt"), buf.Bytes(), ans.Witness)
			}
		}
	}
	for _, name := range []string{"sb", "mp", "lb", "iriw", "wrc", "2+2w", "r", "s"} {
		if !seen[name] || !seen[name+"-fenced"] {
			t.Errorf("litmus test %s or %s-fenced is missing", name, name)
		}
	}
	if fenced != 8 {
		t.Errorf("%d litmus traces have a fence, want 8", fenced)
	}
}

// goldenFile is golden for a witness that must show a write becoming
// visible.
func goldenFile(t *testing.T, path string, got []byte, w []replay.Step) {
	t.Helper()
	commits := 0
	for _, s := range w {
		if s.Part == replay.Commit {
			commits++
		}
	}
	if commits == 0 {
		t.Errorf("%s: the witness shows no write becoming visible", path)
	}
	golden(t, path, got)
}

func hasFence(tr *trace.Trace) bool {
	for _, th := range tr.Threads {
		for _, ev := range th.Events {
			if ev.Op == trace.OpFence {
				return true
			}
		}
	}
	return false
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
