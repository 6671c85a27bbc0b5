package replay

import "testing"

// Rule 7 for selects, step by step: a select event as recorded (a
// default only while no case is ready), or as another ready case, its
// thread's last step.
func TestValidateSelects(t *testing.T) {
	// T2's select took b; a waits for a receiver, c (buffered) is empty.
	two := []string{
		"select s1 recv:a recv:b default", "select s2 send:c default", "chan c : 1",
		"T1 send a 1", "T1 write x 1",
		"T2 recv b 1 select=s1", "T2 write y 1",
		"T3 send b 1",
		"T4 default s2", "T4 write z 1",
		"T5 recvclosed c", "T5 write w 1",
		"T6 send c 7",
	}
	tests := []struct {
		name  string
		sched string
		rule  int
		msg   string
	}{
		{"recorded case", "T3#1 T2#1 T2#2", 0, ""},
		{"other case: the waiting send", "T1#1 T2#1.case1 T1#2", 0, ""},
		{"other case not ready", "T2#1.case1", 7, "T2's select takes its receive from a, which is empty and not closed"},
		{"nothing after another case", "T1#1 T2#1.case1 T2#2", 7, "T2 took another case of its select T2#1 than the recorded one"},
		{"default: nothing ready", "T2#1.default", 0, ""},
		{"default while a send waits", "T1#1 T2#1.default", 7, "T2's select takes its default while a send waits in a (T1#1)"},
		{"recorded case is no other case", "T3#1 T2#1.case2", 1, "it is the recorded case, a send case or a duplicate"},
		{"no such case", "T2#1.case7", 1, "the select has no such case"},
		{"no select", "T1#1.case1", 1, "it is no select's case"},
		{"recorded default: buffer has room", "T4#1", 7, "T4's select takes its default, as recorded, while c's buffer has room"},
		{"recorded default: buffer full", "T6#1 T4#1 T4#2", 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, two...)
			checkRule(t, Validate(tr, imp, steps(t, tr, tc.sched)), tc.rule, tc.msg)
		})
	}
}
