package record

import (
	"regexp"
	"strings"
	"testing"
)

// TestRecordStacks records testdata/progs/stacks, whose events happen in
// the shapes of call that the runtime's shadow stack (record/rt
// rt_shadow.go) must get right, and checks their stacks: the frames of
// the standard library between a callback and its caller, the frames a
// recovered panic unwound gone afterwards, a deferred closure run by the
// panic, calls through an interface, a method value and a goroutine, and
// deep recursion cut at 32 frames.
func TestRecordStacks(t *testing.T) {
	r := recordOnce(t, "run", "./stacks")
	if r.err != nil {
		t.Fatal(r.err)
	}
	const f = `stacks/main\.go:`
	for _, tc := range []struct{ what, stack string }{
		{"a callback from sort.Slice, its frames between", `main\.main\.func1@` + f + `60 sort\.\S+ (sort\.\S+ )*sort\.Slice@\S+ main\.main@` + f + `59 runtime\.main@\S+`},
		{"a function the recovered panic unwound", `main\.mayPanic@` + f + `39 main\.safe@` + f + `51 main\.main@` + f + `66 runtime\.main@\S+`},
		{"the deferred closure the panic ran", `main\.safe\.func1@` + f + `48 runtime\.gopanic@\S+ main\.mayPanic@` + f + `41 main\.safe@` + f + `51 main\.main@` + f + `66 runtime\.main@\S+`},
		{"main after the recover: no frame left over", `main\.main@` + f + `67 runtime\.main@\S+`},
		{"an interface call", `main\.\(\*counter\)\.bump@` + f + `24 main\.viaIface@` + f + `55 main\.main@` + f + `68 runtime\.main@\S+`},
		{"a method value's call", `main\.\(\*counter\)\.bump@` + f + `24 main\.\(\*counter\)\.bump-fm@\S+ main\.main@` + f + `70 runtime\.main@\S+`},
		{"a goroutine's function", `main\.\(\*counter\)\.bump@` + f + `24 main\.rec@` + f + `32 main\.rec@` + f + `35 main\.main\.func\d+@` + f + `75 main\.main\.func\d+@` + f + `73`},
		{"a deferred closure at the function's end", `main\.main\.func\d+@` + f + `78 main\.main@` + f + `80 runtime\.main@\S+`},
		{"recursion deeper than the frames kept", `main\.\(\*counter\)\.bump@` + f + `24 main\.rec@` + f + `32( main\.rec@` + f + `35){30}`},
	} {
		re := regexp.MustCompile(`(?m)^stack s\d+ ` + tc.stack + `$`)
		m := re.FindString(r.text)
		if m == "" {
			t.Errorf("%s: no stack %q", tc.what, tc.stack)
			continue
		}
		// The stack is the one of an event at its innermost line.
		id := strings.Fields(m)[1]
		line := strings.SplitN(strings.Fields(m)[2], "@", 2)[1]
		if !regexp.MustCompile(`(?m) stack=` + id + ` @` + regexp.QuoteMeta(line) + `$`).MatchString(r.text) {
			t.Errorf("%s: no event with stack %s at %s", tc.what, id, line)
		}
	}
	for _, l := range strings.Split(r.text, "\n") {
		if strings.HasPrefix(l, "stack ") && len(strings.Fields(l))-2 > 32 {
			t.Errorf("a stack of more than 32 frames: %s", l)
		}
	}
	if t.Failed() {
		t.Logf("trace:\n%s", r.text)
	}
}
