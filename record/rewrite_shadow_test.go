package record

import (
	"regexp"
	"strings"
	"testing"
)

// TestRewriteMarks: a function body that logs events starts with its
// mark (`_gpmark := gpredictrt.Enter()`, its deferred Leave) and hands it
// to its reads, writes, map reads and writes, Lock and Unlock; so does
// every function literal with events, with a mark of its own, since it
// may run on another goroutine; the function literal that a `go`
// statement starts passes the zero Mark (it has no shadow statements and
// runs on the new goroutine, which its creator's mark is not), as does a
// package-level initialiser; a method value's literal has its own mark.
func TestRewriteMarks(t *testing.T) {
	const head = "package p\n\nimport \"sync\"\n\nvar mu sync.Mutex\nvar x int\nvar m = map[int]int{}\n\n"
	for _, tc := range []struct {
		name, src string
		want      []string // regexps of lines (spaces collapsed) of the rewritten file, in order
		not       []string
	}{
		{"a function", "func f() { mu.Lock(); x++; m[1] = x; _ = m[2]; mu.Unlock() }", []string{
			`^_gpmark := gpredictrt.Enter\(\)$`, `^defer gpredictrt.Leave\(_gpmark\)$`,
			`gpredictrt.Lock\(_gpmark, &mu,`,
			`gpredictrt.Write\(_gpmark, \S+, gpredictrt.Read\(_gpmark,`,
			`gpredictrt.MapWrite\(_gpmark, `,
			`gpredictrt.MapRead\(_gpmark, `,
			`gpredictrt.Unlock\(_gpmark, &mu,`}, nil},
		{"a literal has its own", "func f() { g := func() { x = 1 }; g() }", []string{
			`^_gpmark := gpredictrt.Enter\(\)$`, `func\(\) {$`, `^_gpmark := gpredictrt.Enter\(\)$`, `^defer gpredictrt.Leave\(_gpmark\)$`, `gpredictrt.Write\(_gpmark, `}, nil},
		{"a go statement's body", "func f() { go mu.Unlock() }", []string{
			`go func\(\) {$`, `gpredictrt.Unlock\(gpredictrt.Mark{}, &mu,`}, []string{`Unlock\(_gpmark`}},
		{"a go statement's arguments", "func f(h func(int)) { go h(x) }", []string{
			`^_gpmark := gpredictrt.Enter\(\)$`, `gpredictrt.Read\(_gpmark, &x,`, `go func\(\) {$`}, nil},
		{"a method value", "func f() func() { return mu.Lock }", []string{
			`^_gpmark := gpredictrt.Enter\(\)$`, `func\(\) {$`, `^_gpmark := gpredictrt.Enter\(\)$`, `gpredictrt.Lock\(_gpmark, _gprecv`}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := rewriteSource(t, head+tc.src+"\n")
			matchInOrder(t, out, tc.want)
			for _, n := range tc.not {
				if regexp.MustCompile(n).MatchString(out) {
					t.Errorf("the rewrite has %s:\n%s", n, out)
				}
			}
		})
	}
}

// matchInOrder fails t unless the lines of out (spaces collapsed, //line
// comments left out) match the regexps want, in order.
func matchInOrder(t *testing.T, out string, want []string) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" && !strings.HasPrefix(l, "//line ") {
			lines = append(lines, l)
		}
	}
	at := 0
	for _, w := range want {
		re := regexp.MustCompile(w)
		for at < len(lines) && !re.MatchString(lines[at]) {
			at++
		}
		if at == len(lines) {
			t.Fatalf("no line matching %s (in order) in\n%s", w, strings.Join(lines, "\n"))
		}
		at++
	}
}

// rewriteSource instruments the one-file package src and returns the
// rewritten file (rewriteSources).
func rewriteSource(t *testing.T, src string) string {
	t.Helper()
	return rewriteSources(t, src)[0]
}
