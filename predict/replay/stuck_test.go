package replay

import (
	"fmt"
	"strings"
	"testing"

	"gpredict/trace"
)

// TestStuck pins how the validator judges the end of a schedule: the
// threads it leaves waiting and in what, whether every other thread has
// ended, and the ends that are no blocked end — a step can still be
// taken, a step would panic, a thread has not reached its stop, nobody
// waits.
func TestStuck(t *testing.T) {
	for _, tc := range []struct {
		name  string
		trace []string
		sched string
		want  string // "AT AT ... closed|open", or "error: ..." (a prefix)
	}{
		{"send nobody receives", []string{"T1 send c 1", "T1 end"}, "T1#1", "T1#1 closed"},
		{"send under a lock", []string{"T1 fork T2", "T1 acquire m", "T1 send c 1", "T1 release m", "T1 end",
			"T2 acquire m", "T2 release m", "T2 recv c 1", "T2 end"}, "T1#1 T1#2 T1#3", "T1#3 T2#1 closed"},
		{"receive from an empty channel", []string{"T1 recv c 1", "T2 write x 1", "T2 end"}, "T2#1 T2#2", "T1#1 closed"},
		{"receive with a send queued", []string{"chan c : 1", "T1 recv c 1", "T2 send c 1"}, "T2#1", "error: T1 can take its next event T1#1"},
		{"receive from a closed channel", []string{"T1 recvclosed c", "T2 close c"}, "T2#1", "error: T1 can take"},
		{"buffered send completes", []string{"chan c : 1", "T1 send c 1", "T1 end"}, "T1#1 T1#2", "error: no thread is left waiting"},
		{"send on a closed channel panics", []string{"T1 close c", "T2 send c 1"}, "T1#1", "error: T2's next event T2#1 sends on c, which T1#1 closed"},
		{"a thread that may go on leaves the end open", []string{"T1 send c 1", "T2 write x 1"}, "T1#1 T2#1", "T1#1 open"},
		{"close while a sender waits panics", []string{"T1 send c 1", "T2 close c", "T3 recv c 1"}, "T1#1", "error: T2's next event T2#1 closes c while T1#1 waits"},
		{"join of a waiting thread", []string{"T1 fork T2", "T1 join T2", "T2 recv c 1"}, "T1#1", "T1#2 T2#1 closed"},
		{"lock kept by a waiting thread", []string{"T1 acquire m", "T1 recv c 1", "T2 acquire m"}, "T1#1", "T1#2 T2#1 closed"},
		{"free lock", []string{"T1 recv c 1", "T2 acquire m"}, "", "error: T2 can take its next event T2#1"},
		{"hb fact never satisfied", []string{"hb T1:2 T2:1", "T1 recv c 1", "T1 write x 1", "T2 write y 1", "T2 end"}, "", "T1#1 T2#1 closed"},
		{"lost notify", []string{"T1 acquire m", "T1 wait m s", "T1 release m", "T2 notify s", "T2 end"}, "T2#1 T2#2 T1#1 T1#2.release", "T1#2 closed"},
		{"unforked thread is absent", []string{"T1 recv c 1", "T1 fork T2", "T2 send c 1"}, "", "T1#1 closed"},
		{"a diverged thread may go on", []string{"T1 read x 1", "T1 recv c 1", "T2 end"}, "T1#1 T2#1", "error: T1 has not reached"},
		{"a diverged receiver may go on", []string{"T1 send c 2", "T2 recv c 1", "T2 recv c 1"}, "T1#1 T2#1", "error: T2 has not reached"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, tc.trace...)
			end, err := NewChecker(tr).Stuck(trace.BranchesImplicit, steps(t, tr, tc.sched))
			var got string
			if err != nil {
				got = "error: " + err.Error()
			} else {
				var at []string
				for _, s := range end.Stuck {
					at = append(at, tr.ID(s.At))
				}
				got = fmt.Sprintf("%s %s", strings.Join(at, " "), map[bool]string{true: "closed", false: "open"}[end.Closed])
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
