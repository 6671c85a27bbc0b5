package trace

import (
	"strings"
	"testing"
)

func TestEventText(t *testing.T) {
	src := `T1 write x 1 @A.java:4
T1 call Iterator ArrayList.iterator() target=c result=i1 @Main.java:3
T1 call void List.addAll(Collection) target=l args=a,b
T1 acquire l
T1 wait l
T1 wait l s
T1 release l
T1 branch
T1 fork T2
`
	want := []string{"write x 1", "call Iterator ArrayList.iterator() target=c result=i1",
		"call void List.addAll(Collection) target=l args=a,b", "acquire l", "wait l", "wait l s", "release l", "branch", "fork T2"}
	tr, err := ParseText("t.trace", src)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tr.Threads[0].Events); n != len(want) {
		t.Fatalf("%d events, want %d", n, len(want))
	}
	for i, w := range want {
		if got := tr.EventText(EventRef{Index: uint32(i)}); got != w {
			t.Errorf("event %d: %q, want %q (line %q)", i+1, got, w, strings.Split(src, "\n")[i])
		}
	}
}
