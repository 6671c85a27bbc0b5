package trace

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// realTraces is testdata/traces at the repository root: real recordings
// and litmus traces by others, with their licences (README.md there). A
// missing folder fails the test; nothing skips.
func realTraces(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("repository root (go.mod) not found")
		}
		dir = parent
	}
	traces := filepath.Join(dir, "testdata", "traces")
	if _, err := os.Stat(traces); err != nil {
		t.Fatalf("real traces missing: %v", err)
	}
	return traces
}

// realFiles lists the trace files of every folder of testdata/traces.
func realFiles(t testing.TB) []string {
	t.Helper()
	dir := realTraces(t)
	var files []string
	for _, pat := range []string{"std/*.std", "litmus/*.std", "rapidbin/*.data"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		if len(m) == 0 {
			t.Fatalf("no %s in %s", pat, dir)
		}
		files = append(files, m...)
	}
	return files
}

// dump renders a trace for comparison without using the writers under
// test: every event with all its fields, then the directives, by name.
func dump(tr *Trace) string {
	var b strings.Builder
	for _, th := range tr.Threads {
		name := tr.Str(th.Name)
		for i, ev := range th.Events {
			var args []string
			for _, a := range tr.Args(ev.Args) {
				args = append(args, tr.Str(a))
			}
			fmt.Fprintf(&b, "%s %s obj=%q val=%q target=%q result=%q args=%v/%q loc=%q stack=%q\n",
				FormatID(name, uint32(i)), ev.Op, tr.Str(ev.Obj), tr.Str(ev.Val), tr.Str(ev.Target),
				tr.Str(ev.Result), ev.Args != NoArgs, args, tr.Str(ev.Loc), tr.Str(tr.StackID(EventRef{th.ID, uint32(i)})))
		}
	}
	var dirs []string
	for v, val := range tr.Init {
		dirs = append(dirs, fmt.Sprintf("init %q %q", tr.Str(v), tr.Str(val)))
	}
	for v := range tr.Volatile {
		dirs = append(dirs, fmt.Sprintf("volatile %q", tr.Str(v)))
	}
	for o, ty := range tr.Objects {
		dirs = append(dirs, fmt.Sprintf("object %q %q", tr.Str(o), tr.Str(ty)))
	}
	for _, d := range tr.TypeDecls {
		dirs = append(dirs, fmt.Sprintf("type %q %q", d.Name, d.Supers))
	}
	for _, f := range tr.HB() {
		dirs = append(dirs, fmt.Sprintf("hb %s %s", tr.ID(f.From), tr.ID(f.To)))
	}
	for c, n := range tr.ChanCaps {
		dirs = append(dirs, fmt.Sprintf("chan %q %d", tr.Str(c), n))
	}
	for l, k := range tr.LockKinds {
		dirs = append(dirs, fmt.Sprintf("lock %q %s", tr.Str(l), k))
	}
	for id, frames := range tr.Stacks {
		dirs = append(dirs, fmt.Sprintf("stack %q %v", tr.Str(id), frames))
	}
	for id, sel := range tr.Selects {
		var cases []string
		for _, c := range sel.Cases {
			cases = append(cases, fmt.Sprintf("%v:%q", c.Send, tr.Str(c.Chan)))
		}
		dirs = append(dirs, fmt.Sprintf("select %q %v default=%v", tr.Str(id), cases, sel.Default))
	}
	sort.Strings(dirs)
	b.WriteString(strings.Join(dirs, "\n"))
	return b.String()
}
