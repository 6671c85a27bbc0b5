package replay

import (
	"strings"
	"testing"

	"gpredict/trace"
)

// buildTrace builds a trace from lines "THREAD OP OPERANDS... [key=value]",
// "hb T1#1 T2#3", "lock L : KIND" and "chan CH : CAP" (a subset of docs/trace-format.md
// and its directives, enough for tests; the real reader lives in trace/).
func buildTrace(t testing.TB, lines ...string) *trace.Trace {
	t.Helper()
	b := trace.NewBuilder()
	sy := b.Syms()
	var hbs [][]string
	for n, line := range lines {
		f := strings.Fields(line)
		if f[0] == "hb" {
			hbs = append(hbs, f[1:])
			continue
		}
		if f[0] == "chan" {
			n, _ := trace.ParseCap(f[3])
			if err := b.ChanCap(trace.Pos{File: "test.trace", Line: n + 1}, sy.Intern(f[1]), n); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if f[0] == "lock" {
			k, _ := trace.ParseLockKind(f[3])
			if err := b.LockKind(trace.Pos{File: "test.trace", Line: n + 1}, sy.Intern(f[1]), k); err != nil {
				t.Fatal(err)
			}
			continue
		}
		op, ok := trace.ParseOp(f[1])
		if !ok {
			t.Fatalf("line %d: unknown op %q", n+1, f[1])
		}
		ev := trace.Event{Op: op}
		rest := f[2:]
		if op.IsInvocation() {
			k := 0
			for k < len(rest) && !strings.HasSuffix(rest[k], ")") {
				k++
			}
			ev.Obj = sy.Intern(strings.Join(rest[:k+1], " "))
			for _, kv := range rest[k+1:] {
				key, val, _ := strings.Cut(kv, "=")
				switch key {
				case "target":
					ev.Target = sy.Intern(val)
				case "result":
					ev.Result = sy.Intern(val)
				case "args":
					var args []trace.Sym
					for _, a := range strings.Split(val, ",") {
						args = append(args, sy.Intern(a))
					}
					ev.Args = b.Args(args)
				}
			}
		} else {
			if len(rest) > 0 {
				ev.Obj = sy.Intern(rest[0])
			}
			if len(rest) > 1 {
				ev.Val = sy.Intern(rest[1])
			} else if op == trace.OpWait {
				ev.Val = ev.Obj
			}
		}
		if err := b.Event(trace.Pos{File: "test.trace", Line: n + 1}, sy.Intern(f[0]), ev); err != nil {
			t.Fatal(err)
		}
	}
	for _, h := range hbs {
		b.HB(trace.Pos{File: "test.trace"}, trace.Pos{File: "test.trace"}, h[0], h[1])
	}
	if err := b.Resolve(); err != nil {
		t.Fatal(err)
	}
	return b.Finish()
}

// steps parses "T1#1 T2#1.release ..." into a schedule.
func steps(t testing.TB, tr *trace.Trace, s string) []Step {
	t.Helper()
	var out []Step
	for _, f := range strings.Fields(s) {
		id, suffix, _ := strings.Cut(f, ".")
		ref, ok := tr.Ref(id)
		if !ok {
			t.Fatalf("no event %s", id)
		}
		part := map[string]Part{"": Whole, "release": Release, "wake": Wake, "reacquire": Reacquire, "commit": Commit}[suffix]
		out = append(out, Step{Ref: ref, Part: part})
	}
	return out
}

// refs parses "T1#1 T2#3" into event refs.
func refs(t testing.TB, tr *trace.Trace, s string) []trace.EventRef {
	t.Helper()
	out, err := tr.ParseRefs(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
