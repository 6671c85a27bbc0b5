package record

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestLatchWaits: a goroutine left in a WaitGroup's Wait gets a latchwait
// exactly when its own Adds before the Wait exceed every release of the
// trace (Done calls, negative Adds), whoever makes them and whenever.
func TestLatchWaits(t *testing.T) {
	add := func(th string, n, from int) string {
		return th + " call void sync.WaitGroup.Add(int,int) target=wg@1 args=" + strconv.Itoa(n) + "," + strconv.Itoa(from) + " stack=s1 @a.go:1"
	}
	done := func(th string) string {
		return th + " call void sync.WaitGroup.Done(int) target=wg@1 args=1 stack=s2 @a.go:2"
	}
	wait := "W enter void sync.WaitGroup.Wait() target=wg@1 stack=s3 @a.go:3"
	want := []string{"W latchwait wg@1 stack=s3 @a.go:3"}
	cases := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"adds 2, one Done (moby/25384)", []string{add("W", 2, 0), "W fork D", done("D"), wait}, want},
		{"adds 1, nobody calls Done", []string{add("W", 1, 0), wait}, want},
		{"Dones anywhere in the trace count", []string{done("D"), done("D"), add("W", 2, 0), wait}, nil},
		{"another's Add does not count for it", []string{add("W", 1, 0), add("D", 1, 1), done("D"), wait}, nil},
		{"a negative Add releases", []string{add("W", 2, 0), add("D", -1, 2), done("D"), wait}, nil},
		{"a Done after the Wait releases", []string{add("W", 1, 0), wait, done("D")}, nil},
		{"the Wait returned", []string{add("W", 1, 0), wait, "W exit void sync.WaitGroup.Wait() target=wg@1 stack=s3 @a.go:3"}, nil},
		{"another WaitGroup's Done", []string{add("W", 1, 0), strings.Replace(done("D"), "wg@1", "wg@2", 1), wait}, want},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l := newLatches()
			for _, line := range c.lines {
				f := strings.Fields(line)
				l.note(f[0], f)
			}
			if got := l.waits(); !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
