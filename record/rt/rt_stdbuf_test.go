package rt

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestBufferAccesses: each buffer method's runtime function logs a read
// of the buffer's variable when the method only looks, a write (the next
// version) when it changes the buffer, and nothing when the method
// panics before touching it; a buffer's first access logs its init 0.
func TestBufferAccesses(t *testing.T) {
	startRecording(t)
	s := cur()
	access := regexp.MustCompile(`(?m) (r|w) (\S+) (\d+)$`)
	init := regexp.MustCompile(`(?m)^\S+ init (\S+) 0$|^init (\S+) 0$`)
	for _, tc := range []struct {
		name string
		run  func(b *bytes.Buffer, sb *strings.Builder, desc string)
		op   string // "r", "w", or "" for nothing logged
	}{
		{"String", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferString(b, d, "b.go:1") }, "r"},
		{"Len", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferLen(b, d, "b.go:1") }, "r"},
		{"Bytes", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferBytes(b, d, "b.go:1") }, "r"},
		{"WriteString", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferWriteString(b, "x", d, "b.go:1") }, "w"},
		{"WriteString empty", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferWriteString(b, "", d, "b.go:1") }, "w"},
		{"ReadByte", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferReadByte(b, d, "b.go:1") }, "w"},
		{"ReadFrom", func(b *bytes.Buffer, _ *strings.Builder, d string) {
			BufferReadFrom(b, strings.NewReader(""), d, "b.go:1")
		}, "w"},
		{"WriteTo", func(b *bytes.Buffer, _ *strings.Builder, d string) { BufferWriteTo(b, new(bytes.Buffer), d, "b.go:1") }, "w"},
		{"UnreadByte after a write fails", func(b *bytes.Buffer, _ *strings.Builder, d string) {
			b.WriteString("ab")
			BufferUnreadByte(b, d, "b.go:1")
		}, "r"},
		{"UnreadByte after a read", func(b *bytes.Buffer, _ *strings.Builder, d string) {
			b.WriteString("ab")
			b.ReadByte()
			BufferUnreadByte(b, d, "b.go:1")
		}, "w"},
		{"Grow of a negative count panics", func(b *bytes.Buffer, _ *strings.Builder, d string) {
			defer func() { _ = recover() }()
			BufferGrow(b, -1, d, "b.go:1")
		}, ""},
		{"Fprintf of nothing", func(b *bytes.Buffer, _ *strings.Builder, d string) { FmtFprintf(b, d, "b.go:1", "") }, "w"},
		{"Builder String", func(_ *bytes.Buffer, sb *strings.Builder, d string) { BuilderString(sb, d, "b.go:1") }, "r"},
		{"Builder WriteByte", func(_ *bytes.Buffer, sb *strings.Builder, d string) { BuilderWriteByte(sb, 'x', d, "b.go:1") }, "w"},
		{"Builder Grow with room", func(_ *bytes.Buffer, sb *strings.Builder, d string) {
			sb.Grow(8)
			BuilderGrow(sb, 8, d, "b.go:1")
		}, "r"},
		{"Builder Grow without room", func(_ *bytes.Buffer, sb *strings.Builder, d string) { BuilderGrow(sb, 8, d, "b.go:1") }, "w"},
		{"Fprint to a Builder", func(_ *bytes.Buffer, sb *strings.Builder, d string) { FmtFprint(sb, d, "b.go:1") }, "w"},
		{"nil Buffer String", func(_ *bytes.Buffer, _ *strings.Builder, d string) { BufferString(nil, d, "b.go:1") }, ""},
	} {
		desc := strings.ReplaceAll(tc.name, " ", "_")
		at := len(s.buf)
		tc.run(new(bytes.Buffer), new(strings.Builder), desc)
		logged := string(s.buf[at:])
		got := access.FindAllStringSubmatch(logged, -1)
		if tc.op == "" {
			if len(got) != 0 {
				t.Errorf("%s: logged %q; want nothing", tc.name, logged)
			}
			continue
		}
		want := "0"
		if tc.op == "w" {
			want = "1"
		}
		if len(got) != 1 || got[0][1] != tc.op || got[0][2] != desc+"@1" || got[0][3] != want {
			t.Errorf("%s: logged %q; want %s %s@1 %s", tc.name, logged, tc.op, desc, want)
		}
		if !init.MatchString(logged) {
			t.Errorf("%s: no init of the buffer's variable in %q", tc.name, logged)
		}
	}
}

// TestBufferVersions: writes log the next version, reads the current
// one, on one variable per buffer whatever expression reaches it.
func TestBufferVersions(t *testing.T) {
	startRecording(t)
	s := cur()
	b := new(bytes.Buffer)
	at := len(s.buf)
	BufferWriteString(b, "ab", "v", "v.go:1")
	BufferLen(b, "other", "v.go:2")
	FmtFprintln(b, "v", "v.go:3", "c")
	BufferReadString(b, 'b', "v", "v.go:4")
	BufferString(b, "v", "v.go:5")
	got := regexp.MustCompile(`(?m) (r|w) (\S+) (\d+)$`).FindAllStringSubmatch(string(s.buf[at:]), -1)
	var ops []string
	for _, g := range got {
		ops = append(ops, g[1]+" "+g[2]+" "+g[3])
	}
	want := []string{"w v@1 1", "r v@1 1", "w v@1 2", "w v@1 3", "r v@1 3"}
	if strings.Join(ops, ",") != strings.Join(want, ",") {
		t.Errorf("logged %q; want %q", ops, want)
	}
}
