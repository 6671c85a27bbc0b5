package rt

import (
	"regexp"
	"testing"
	"time"
)

// TestSelectIDs: a select site gets one id per set of channels, whose
// directive is written once (the same channels again, or again after
// other ones, write none); a nil channel's case and a timer's are left
// out; a select left with one channel case and no default is its
// operation (id 0, no directive); a default is a case.
func TestSelectIDs(t *testing.T) {
	startRecording(t)
	a, b, c := make(chan int), make(chan int, 2), make(chan string)
	var never chan int
	timer := TimerChan(time.After(time.Hour))
	name := func(ch any) string { return chanOf(ch).name }
	three := &SelectSite{Site: "s.go:1", Cases: "rsr"}
	withDefault := &SelectSite{Site: "s.go:2", Cases: "r", Default: true}
	twice := &SelectSite{Site: "s.go:3", Cases: "rr"}
	const newID, noID = -1, -2
	ids := map[int]SelID{}
	for i, tc := range []struct {
		site  *SelectSite
		chans []any
		same  int    // the turn whose id this one gets, newID or noID
		dir   string // the cases of the directive a new id writes
	}{
		{three, []any{a, b, c}, newID, "recv:" + name(a) + " send:" + name(b) + " recv:" + name(c)},
		{three, []any{a, b, c}, 0, ""},
		{three, []any{a, never, c}, newID, "recv:" + name(a) + " recv:" + name(c)},
		{three, []any{a, b, c}, 0, ""},
		{three, []any{a, never, timer}, noID, ""},
		{three, []any{timer, b, a}, newID, "send:" + name(b) + " recv:" + name(a)},
		{withDefault, []any{a}, newID, "recv:" + name(a) + " default"},
		{withDefault, []any{never}, noID, ""},
		{twice, []any{a, a}, noID, ""},
	} {
		s := cur()
		before := len(s.buf)
		got := Select(tc.site, tc.chans...)
		logged := string(s.buf[before:])
		dirs := regexp.MustCompile(`(?m)^[=+]\d+ select (sel@\d+) (.*)$`).FindAllStringSubmatch(logged, -1)
		switch tc.same {
		case noID:
			if got != 0 || len(dirs) != 0 {
				t.Errorf("turn %d: id %d, directives %q; want 0 and none", i, got, dirs)
			}
		case newID:
			if got == 0 || len(dirs) != 1 || dirs[0][1] != got.text() || dirs[0][2] != tc.dir {
				t.Errorf("turn %d: id %d, directives %q; want a new id and `select %s %s`", i, got, dirs, got.text(), tc.dir)
			}
			ids[i] = got
		default:
			if got != ids[tc.same] || len(dirs) != 0 {
				t.Errorf("turn %d: id %d, directives %q; want turn %d's id %d and no directive", i, got, dirs, tc.same, ids[tc.same])
			}
		}
	}
}
