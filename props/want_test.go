package props

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"

	"gpredict/predict/replay"
	"gpredict/trace"
)

// wants reads the `# want:` lines of a test trace: each is one expected
// violation, its chosen event ids as reports list them (pattern order,
// the events of a `||` group in id order); `# want: none` says
// there is none. A file without any want line is a mistake.
func wants(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	saw := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "# want:")
		if !ok {
			continue
		}
		saw = true
		if w := strings.Join(strings.Fields(rest), " "); w != "none" {
			out = append(out, w)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if !saw {
		t.Fatalf("%s: no `# want:` line", path)
	}
	sort.Strings(out)
	return out
}

// recordedSchedule is the order of the event lines in a text trace file:
// the execution as it was recorded. A wait line is its three steps in a
// row. It is used only to show that a predicted violation was not
// observed.
func recordedSchedule(t *testing.T, tr *trace.Trace, path string) []replay.Step {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	next := map[string]uint32{}
	var sched []replay.Step
	for _, line := range strings.Split(string(src), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		switch f[0] {
		case "init", "volatile", "type", "object", "hb":
			continue
		}
		th, ok := tr.ThreadByName(f[0])
		if !ok {
			t.Fatalf("%s: thread %s not in the trace", path, f[0])
		}
		ref := trace.EventRef{Thread: th, Index: next[f[0]]}
		next[f[0]]++
		if f[1] == "wait" {
			sched = append(sched, replay.Step{Ref: ref, Part: replay.Release},
				replay.Step{Ref: ref, Part: replay.Wake}, replay.Step{Ref: ref, Part: replay.Reacquire})
			continue
		}
		sched = append(sched, replay.Step{Ref: ref})
	}
	return sched
}
