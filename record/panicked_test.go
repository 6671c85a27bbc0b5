package record

import (
	"strings"
	"testing"
)

// A goroutine's panic as the runtime prints it when the recorder's
// deferred End recovered and re-panicked it: End's frames sit above the
// runtime's panic frame.
const repanicked = `panic: send on closed channel [recovered, repanicked]

goroutine 22 [running]:
gpredictrt.End({0x577dc0, 0x5bacf0})
	/tmp/gpredict-record-1/gpredictrt/rt_goroutine.go:49 +0x29e
example.com/m.start.func1.1()
	/home/u/m/m_test.go:30 +0x18
panic({0x577dc0?, 0x5bacf0?})
	/usr/local/go/src/runtime/panic.go:860 +0x13a
example.com/m.(*T).do(0x30d66931a220, 0x5b9100)
	/home/u/m/m_test.go:28 +0x145
example.com/m.(*T).Write(...)
	/home/u/m/m_test.go:43
created by example.com/m.start in goroutine 21
	/home/u/m/m_test.go:30 +0x9a
FAIL	example.com/m	0.007s
`

// A panic in the testing package called from the user's goroutine: the
// site is the innermost frame in the module, below the library's.
const inTesting = `panic: Log in goroutine after TestX/sub has completed: 1

goroutine 11 [running]:
testing.(*common).logDepth(0xc000122240, {0x73a271, 0x1}, 0x3)
	/usr/local/go/src/testing/testing.go:738 +0x7c4
testing.(*common).Logf(0xc000122240, {0x602ce8, 0x2}, {0xc00004c540, 0x1, 0x1})
	/usr/local/go/src/testing/testing.go:766 +0x90
example.com/m/sub.writer.Write(...)
	/home/u/m/sub/w.go:36
created by testing.(*T).Run in goroutine 7
	/usr/local/go/src/testing/testing.go:1742 +0x826

goroutine 1 [chan receive]:
example.com/m/sub.other()
	/home/u/m/sub/w.go:99 +0x1
`

func TestParsePanic(t *testing.T) {
	for _, tc := range []struct {
		name, out         string
		msg, site, frames string // frames: FUNC@FILE:LINE joined by spaces
		created           string
	}{
		{"re-panicked by the recorder", repanicked, "send on closed channel", "m_test.go:28",
			"example.com/m.(*T).do@m_test.go:28 example.com/m.(*T).Write@m_test.go:43", "example.com/m.start@m_test.go:30"},
		{"in the testing package", inTesting, "Log in goroutine after TestX/sub has completed: 1", "sub/w.go:36",
			"testing.(*common).logDepth@/usr/local/go/src/testing/testing.go:738 testing.(*common).Logf@/usr/local/go/src/testing/testing.go:766 example.com/m/sub.writer.Write@sub/w.go:36",
			"testing.(*T).Run@/usr/local/go/src/testing/testing.go:1742"},
		{"a runtime error", "panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x5b43b4]\n\ngoroutine 7 [running]:\nexample.com/m.f(0x0)\n\t/home/u/m/m.go:16 +0x34\n",
			"runtime error: invalid memory address or nil pointer dereference", "m.go:16", "example.com/m.f@m.go:16", ""},
		{"outside the module", "panic: boom\n\ngoroutine 1 [running]:\nmain.main()\n\t/elsewhere/main.go:5 +0x1\n",
			"boom", "", "main.main@/elsewhere/main.go:5", ""},
		{"no stack", "panic: boom\n", "", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parsePanic([]byte(tc.out), "/home/u/m")
			if tc.frames == "" {
				if p != nil {
					t.Fatalf("got %+v; want none (no goroutine's stack)", p)
				}
				return
			}
			if p == nil {
				t.Fatal("no panic parsed")
			}
			var frames []string
			for _, f := range p.Stack {
				frames = append(frames, f.String())
			}
			created := ""
			if p.Created != nil {
				created = p.Created.String()
			}
			if p.Msg != tc.msg || p.Site != tc.site || strings.Join(frames, " ") != tc.frames || created != tc.created {
				t.Errorf("got msg %q site %q frames %q created %q\nwant msg %q site %q frames %q created %q",
					p.Msg, p.Site, strings.Join(frames, " "), created, tc.msg, tc.site, tc.frames, tc.created)
			}
		})
	}
}

// TestPanicWatch: the watch starts at a line that begins with "panic: "
// however the output is cut into writes, and not at a test's time-out
// (a run that blocked, blocked.go) or "panic: " inside a line.
func TestPanicWatch(t *testing.T) {
	for _, tc := range []struct {
		name   string
		writes []string
		want   string
	}{
		{"one write", []string{"=== RUN TestX\npanic: boom\n\ngoroutine 1 [running]:\n"}, "panic: boom\n\ngoroutine 1 [running]:\n"},
		{"cut inside the line", []string{"ok\npan", "ic: bo", "om\nrest"}, "panic: boom\nrest"},
		{"time-out", []string{"panic: test timed out after 2s\n"}, ""},
		{"inside a line", []string{"log: panic: no\n"}, ""},
		{"no newline yet", []string{"panic: boom"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var w panicWatch
			for _, s := range tc.writes {
				w.add([]byte(s))
			}
			if string(w.buf) != tc.want || w.seen != (tc.want != "") {
				t.Errorf("kept %q (seen %v); want %q", w.buf, w.seen, tc.want)
			}
		})
	}
}

// FuzzParsePanic: any output parses without a panic of its own, and a
// parsed panic has a stack whose frames have lines.
func FuzzParsePanic(f *testing.F) {
	f.Add([]byte(repanicked))
	f.Add([]byte(inTesting))
	f.Add([]byte("panic: x\n\ngoroutine 1 [running]:\n\t:0\nf(\n\t/a.go:1 +0x1\ncreated by \n\tb.go:2\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		p := parsePanic(out, "/home/u/m")
		if p == nil {
			return
		}
		if len(p.Stack) == 0 && p.Site != "" {
			t.Errorf("a site %q without a stack", p.Site)
		}
	})
}
