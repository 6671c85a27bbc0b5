package replay

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/trace"
)

// TestBlocked pins what keeps each thread from its next step after a
// schedule: the shapes of Go's deadlocks (a mutex locked twice, the
// read-write-read cycle of writer preference, a lock held by a thread
// that ended) and the states that are not blocked.
func TestBlocked(t *testing.T) {
	for _, tc := range []struct {
		name    string
		trace   []string
		sched   string
		threads string
		want    string // per thread: AT LOCK by THREAD/HOW[/ended]...; or the error
	}{
		{"mutex locked twice", []string{"lock m : mutex", "T1 acquire m", "T1 request m"}, "T1#1 T1#2", "T1",
			"T1#2 m by T1/excl"},
		{"re-entrant lock locked twice is no block", []string{"T1 acquire m", "T1 request m"}, "T1#1 T1#2", "T1",
			"error: T1 is not blocked"},
		{"read lock inside write lock", []string{"lock m : rwmutex", "T1 acquire m", "T1 rrequest m"}, "T1#1 T1#2", "T1",
			"T1#2 m shared by T1/excl"},
		{"upgrade", []string{"T1 racquire m", "T1 request m"}, "T1#1 T1#2", "T1",
			"T1#2 m by T1/shared"},
		{"read-write-read", []string{"lock l : rwmutex", "T1 racquire l", "T1 racquire l", "T2 request l", "T2 acquire l"},
			"T1#1 T2#1", "T1 T2", "T1#2 l shared by T2/waits; T2#2 l by T1/shared"},
		{"held by a thread that ended", []string{"T1 racquire l", "T1 end", "T2 acquire l"}, "T1#1 T1#2", "T2",
			"T2#1 l by T1/shared/ended"},
		{"held by a thread that may go on", []string{"T1 acquire l", "T1 write x 1", "T2 acquire l"}, "T1#1", "T2",
			"T2#1 l by T1/excl"},
		{"cycle", []string{"T1 acquire a", "T1 acquire b", "T2 acquire b", "T2 acquire a"}, "T1#1 T2#1", "T1 T2",
			"T1#2 b by T2/excl; T2#2 a by T1/excl"},
		{"free lock", []string{"T1 acquire l"}, "", "T1", "error: T1 is not blocked"},
		{"next event no acquire", []string{"T1 write x 1"}, "", "T1", "error: T1's next event T1#1 is a write"},
		{"done", []string{"T1 write x 1"}, "T1#1", "T1", "error: T1 has no next step"},
		{"inside a wait", []string{"T1 acquire l", "T1 wait l", "T2 acquire l"}, "T1#1 T1#2.release", "T1", "error: T1 is inside a wait"},
		{"not reached", []string{"T1 acquire l", "T2 read x 1", "T2 acquire l", "T3 write x 1"}, "T1#1 T2#1", "T2",
			"error: T2 has not reached its next step: T2#1 read a value"},
		{"waits in a send", []string{"T1 acquire l", "T2 send c v", "T2 acquire l"}, "T1#1 T2#1", "T2",
			"error: T2 has not reached its next step: its send T2#1 has not completed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, tc.trace...)
			var threads []trace.ThreadID
			for _, n := range strings.Fields(tc.threads) {
				id, _ := tr.ThreadByName(n)
				threads = append(threads, id)
			}
			bs, err := NewChecker(tr).Blocked(imp, steps(t, tr, tc.sched), threads)
			var got string
			if err != nil {
				got = "error: " + err.Error()
			} else {
				var parts []string
				for _, b := range bs {
					s := tr.ID(b.At) + " " + tr.Str(b.Lock)
					if b.Shared {
						s += " shared"
					}
					s += " by"
					for _, by := range b.By {
						s += fmt.Sprintf(" %s/%s", tr.ThreadName(by.Thread), []string{"excl", "shared", "waits"}[by.How])
						if by.Ended {
							s += "/ended"
						}
					}
					parts = append(parts, s)
				}
				got = strings.Join(parts, "; ")
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
}
