package java

import (
	"strings"
	"testing"

	"gpredict/trace"
)

// TestWriteSTD pins the projection of each kind of event (std.go).
func TestWriteSTD(t *testing.T) {
	src := `volatile flag
main fork w @Main.main(Main.java:3)
main write x 1 @Main.main(Main.java:4)
main call void Executor.execute(Runnable) target=e args=r @Main.main(Main.java:5)
w read x 1 @Main.run(Main.java:9)
hb main:3 w:1
w write flag true @Main.run(Main.java:10)
main acquire l @Main.main(Main.java:6)
main wait l @Main.main(Main.java:7)
w acquire l @Main.run(Main.java:11)
w notify l @Main.run(Main.java:12)
w release l @Main.run(Main.java:13)
w racquire rw
w rrelease rw
w branch @Main.run(Main.java:14)
main release l @Main.main(Main.java:8)
main enter atomic() @Main.main(Main.java:9)
main read flag true @Main.main(Main.java:9)
main exit atomic() @Main.main(Main.java:9)
main join w @Main.main(Main.java:10)
`
	tr, err := trace.ParseText("t.trace", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := WriteSTD(tr)
	if err != nil {
		t.Fatal(err)
	}
	want := `main|fork(w)|1
main|w(x)|2
main|acq(hbL@main:3)|3
main|w(hbV@main:3)|3
main|rel(hbL@main:3)|3
w|acq(hbL@main:3)|4
w|r(hbV@main:3)|4
w|rel(hbL@main:3)|4
w|r(x)|4
w|acq(vL@flag)|5
w|w(flag)|5
w|rel(vL@flag)|5
main|acq(l)|6
main|rel(l)|7
w|acq(l)|8
w|acq(sigL@l)|9
w|w(sigV@l)|9
w|rel(sigL@l)|9
w|rel(l)|10
w|acq(rw)|0
w|rel(rw)|0
main|acq(sigL@l)|7
main|r(sigV@l)|7
main|rel(sigL@l)|7
main|acq(l)|7
main|rel(l)|11
main|begin|12
main|acq(vL@flag)|12
main|r(flag)|12
main|rel(vL@flag)|12
main|end|12
main|join(w)|13
`
	if got := string(p.Text); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if got := strings.Join(p.Locations[:2], " "); got != "Main.main(Main.java:3) Main.main(Main.java:4)" {
		t.Errorf("locations %q", got)
	}
	// Only plain reads and writes map to STD lines: x's write is line 2,
	// its read line 9.
	mainT, _ := tr.ThreadByName("main")
	wT, _ := tr.ThreadByName("w")
	if l := p.Line[trace.EventRef{Thread: mainT, Index: 1}]; l != 2 {
		t.Errorf("main#2 is STD line %d, want 2", l)
	}
	if l := p.Line[trace.EventRef{Thread: wT, Index: 0}]; l != 9 {
		t.Errorf("w#1 is STD line %d, want 9", l)
	}
	if len(p.Line) != 2 {
		t.Errorf("%d events mapped to lines, want 2 (volatile accesses are not racy)", len(p.Line))
	}
	// gpredict's STD reader reads the projection.
	if err := trace.ReadFrom(trace.NewBuilder(), "t.std", "std", strings.NewReader(string(p.Text))); err != nil {
		t.Errorf("the projection does not read back: %v", err)
	}
}
