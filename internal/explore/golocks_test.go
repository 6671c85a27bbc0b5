package explore

import (
	"reflect"
	"strings"
	"testing"

	"gpredict/internal/testtrace"
)

// TestWriterPreference: once a writer has requested an rwmutex, no
// other thread takes it shared until the writer has acquired it; a
// re-entrant lock prefers nobody, and the writer's own thread is no
// obstacle to itself.
func TestWriterPreference(t *testing.T) {
	const body = "T1 racquire l\nT1 racquire l\nT2 request l\nT2 acquire l\nT3 racquire l\n"
	for _, tc := range []struct {
		kind, after string
		want        []string // the threads that may take a step next
	}{
		{"lock l : rwmutex\n", "T1#1 T2#1", nil},
		{"", "T1#1 T2#1", []string{"T1", "T3"}},
		{"lock l : rwmutex\n", "T1#1", []string{"T1", "T2", "T3"}},
		{"lock l : rwmutex\n", "T2#1", []string{"T2"}},
	} {
		tr := testtrace.Text(t, tc.kind+body)
		s := newState(tr)
		for _, id := range strings.Fields(tc.after) {
			r := ref(t, tr, id)
			var next *state
			for _, n := range successors(tr, imp, s) {
				if p := n.path[len(n.path)-1]; p.Ref == r {
					next = n
				}
			}
			if next == nil {
				t.Fatalf("%q: %s cannot be taken after %v", tc.kind, id, s.path)
			}
			s = next
		}
		var got []string
		for _, n := range successors(tr, imp, s) {
			got = append(got, tr.ThreadName(n.path[len(n.path)-1].Ref.Thread))
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q after %s: next steps by %v, want %v", tc.kind, tc.after, got, tc.want)
		}
	}
}

// TestGoDeadlocks pins the deadlocks of the Go shapes: a mutex locked
// twice (recorded as a request at the end), the read-write-read cycle of
// writer preference, a lock held by a thread that ended, and the shapes
// that are none.
func TestGoDeadlocks(t *testing.T) {
	for _, tc := range []struct {
		name, trace string
		want        string // deadlocks, "|"-separated
	}{
		{"mutex locked twice", "lock m : mutex\nT1 acquire m\nT1 request m\n", "T1#2"},
		{"monitor locked twice", "T1 acquire m\nT1 request m\n", ""},
		{"read lock inside write lock", "lock m : rwmutex\nT1 acquire m\nT1 rrequest m\n", "T1#2"},
		{"read-write-read", `lock l : rwmutex
T1 racquire l
T1 racquire l
T1 rrelease l
T1 rrelease l
T2 request l
T2 acquire l
T2 release l
`, "T1#2 T2#2"},
		{"read-write-read needs writer preference", `T1 racquire l
T1 racquire l
T1 rrelease l
T1 rrelease l
T2 request l
T2 acquire l
T2 release l
`, ""},
		{"held by an ended thread", `T1 fork T2
T1 acquire l
T1 release l
T1 acquire l
T1 release l
T2 racquire l
T2 end
`, "T1#2 T2#2|T1#4 T2#2"},
		{"held by a thread that may go on", "T1 acquire l\nT2 racquire l\n", ""},
		{"lock order", `T1 acquire a
T1 acquire b
T1 release b
T1 release a
T2 acquire b
T2 acquire a
T2 release a
T2 release b
`, "T1#2 T2#2"},
		{"reader blocked by a writer", `T1 acquire a
T1 racquire b
T1 rrelease b
T1 release a
T2 acquire b
T2 acquire a
T2 release a
T2 release b
`, "T1#2 T2#2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := testtrace.Text(t, tc.trace)
			var got []string
			for _, d := range Deadlocks(tr, imp) {
				got = append(got, strings.Join(ids(tr, d), " "))
			}
			var want []string
			if tc.want != "" {
				want = strings.Split(tc.want, "|")
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("deadlocks %q, want %q", got, want)
			}
		})
	}
}
