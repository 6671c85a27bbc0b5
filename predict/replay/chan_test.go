package replay

import (
	"strings"
	"testing"
)

// Rule 7 (channels) and rule 5 for receives, step by step.
func TestValidateChannels(t *testing.T) {
	// Two workers each receive one item of a buffered channel; in the
	// trace w1 took both values (kubernetes/81091's shape).
	work := []string{
		"chan c : 2",
		"main send c a", "main send c b", "main close c",
		"w1 recv c a", "w1 recv c b", "w1 write x 1",
		"w2 recvclosed c", "w2 write y 1",
	}
	// An unbuffered channel: the sender blocks until its receive.
	sync := []string{"T1 send c v", "T1 write x 1", "T2 recv c v", "T2 write y 1"}
	// FIFO across senders of the same value.
	same := []string{"chan c : 5", "T1 send c v", "T2 send c v", "T3 recv c v", "T3 write z 1"}
	tests := []struct {
		name  string
		trace []string
		model string
		sched string
		rule  int
		msg   string
	}{
		{"recorded order", work, "imp", "main#1 main#2 main#3 w1#1 w1#2 w1#3 w2#1 w2#2", 0, ""},
		{"other worker takes a", work, "imp", "main#1 main#2 w2#1 w1#1", 0, ""},
		{"other worker takes a and goes on", work, "imp", "main#1 main#2 w2#1 w2#2", 5, "w2#1 finds c closed in the trace but receives main#1's a"},
		{"w1 takes b first", work, "imp", "main#1 main#2 main#3 w2#1 w1#1 w1#2", 5, "w1#1 receives a from c but takes main#2, which sends b"},
		{"last recv free", work, "imp", "main#1 main#2 main#3 w2#1 w1#1", 0, ""},
		{"recv on empty", work, "imp", "w1#1", 7, "w1 receives from c, which is empty and not closed: the receive blocks (rule 7)"},
		{"recv before close", work, "imp", "main#1 main#2 w1#1 w1#2 w2#1", 7, "w2 receives from c, which is empty and not closed"},
		{"closed drained", work, "imp", "main#1 main#2 main#3 w1#1 w1#2 w2#1 w2#2", 0, ""},
		{"recvclosed takes a value, not required (explicit)", work, "exp", "main#1 main#2 main#3 w2#1 w2#2", 0, ""},
		{"buffer full", work, "imp", "main#1 main#2 main#3", 0, ""},

		{"unbuffered blocks sender", sync, "imp", "T1#1 T1#2", 7, "T1's send T1#1 on c has not completed: no receive has taken it (the channel is unbuffered)"},
		{"unbuffered released", sync, "imp", "T1#1 T2#1 T1#2 T2#2", 0, ""},
		{"recv before send", sync, "imp", "T2#1", 7, "is empty and not closed"},

		{"fifo same value", same, "imp", "T2#1 T1#1 T3#1 T3#2", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, tc.trace...)
			model := imp
			if tc.model == "exp" {
				model = exp
			}
			err := Validate(tr, model, steps(t, tr, tc.sched))
			checkRule(t, err, tc.rule, tc.msg)
		})
	}
}

// A close while a sender waits makes that send panic; a send after the
// close too; a join waits for a child blocked in its last send.
func TestValidateChannelClose(t *testing.T) {
	tr := buildTrace(t, "T1 send c v", "T2 close c", "T3 send c w", "T4 join T1", "T5 recv c v")
	for _, tc := range []struct {
		sched string
		rule  int
		msg   string
	}{
		{"T1#1 T2#1", 7, "T2 closes c while the send T1#1 waits in it: the send panics"},
		{"T1#1 T5#1 T2#1 T3#1", 7, "T3 sends on c, which T2#1 closed: the send panics"},
		{"T1#1 T4#1", 2, "join of T1 before all of its events are scheduled"},
		{"T1#1 T5#1 T4#1 T2#1", 0, ""},
	} {
		checkRule(t, Validate(tr, imp, steps(t, tr, tc.sched)), tc.rule, tc.msg)
	}
}

func checkRule(t *testing.T, err error, rule int, msg string) {
	t.Helper()
	if rule == 0 {
		if err != nil {
			t.Fatalf("want valid, got %v", err)
		}
		return
	}
	re, ok := err.(*RuleError)
	if !ok {
		t.Fatalf("want a rule %d error, got %v", rule, err)
	}
	if re.Rule != rule || !strings.Contains(re.Diag.Msg, msg) {
		t.Fatalf("got rule %d %q; want rule %d containing %q", re.Rule, re.Diag.Msg, rule, msg)
	}
}
