package record

import (
	"regexp"
	"strings"
	"testing"

	"gpredict/trace"
)

// TestRecordPanic: a program that panics, in main or in a goroutine,
// after goroutines that are still running wrote shared variables. Their
// writes are in the trace: on Linux the log is the file itself, elsewhere
// the runtime writes every goroutine's chunk out on the way (main's
// deferred Flush, the Flush in End); the command's failure is reported,
// and the trace is written anyway.
func TestRecordPanic(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		panic string
		// writes are the program's writes before the panic, in the
		// trace's form (variable and value; any goroutine, any line).
		writes []string
	}{
		{"in main", []string{"run", "./panics"}, "panic: panics in main",
			[]string{"main.a 1", "main.b 2", "main.c 3"}},
		{"in a goroutine", []string{"run", "./panics", "goroutine"}, "panic: panics in a goroutine",
			[]string{"main.a 1", "main.b 2", "main.c 3", "main.d 4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := recordOnce(t, tc.args...)
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.res.ExitCode == 0 || !strings.Contains(r.stderr, tc.panic) {
				t.Errorf("exit status %d, stderr %q; want the failure of a program that printed %q", r.res.ExitCode, r.stderr, tc.panic)
			}
			if len(r.res.Traces) != 1 {
				t.Fatalf("traces %q; want one", r.res.Traces)
			}
			if _, err := trace.ParseText("trace.trace", r.text); err != nil {
				t.Fatalf("the recording is no trace: %v", err)
			}
			for _, w := range tc.writes {
				re := regexp.MustCompile(`(?m)^\S+ write ` + regexp.QuoteMeta(w) + ` stack=s\d+ @panics/main\.go:\d+$`)
				if !re.MatchString(r.text) {
					t.Errorf("no write %q: the panic lost a buffer", w)
				}
			}
			if t.Failed() {
				t.Logf("trace:\n%s", r.text)
			}
		})
	}
}
