package trace

import "testing"

// TestStepNames: a step's id is the one docs/output.md gives, and every
// part's name reads back as that part (gpredict query parses them).
func TestStepNames(t *testing.T) {
	tr, err := ParseText("test.trace", "T1 acquire l\nT1 wait l\nT1 write x 1\nT1 release l\n")
	if err != nil {
		t.Fatal(err)
	}
	wait, write := EventRef{Thread: 0, Index: 1}, EventRef{Thread: 0, Index: 2}
	cases := []struct {
		step Step
		id   string
	}{
		{Step{Ref: wait, Part: Release}, "T1#2.release"},
		{Step{Ref: wait, Part: Wake}, "T1#2.wake"},
		{Step{Ref: wait, Part: Reacquire}, "T1#2.reacquire"},
		{Step{Ref: write, Part: Whole}, "T1#3"},
		{Step{Ref: write, Part: Commit}, "T1#3.commit"},
		{Step{Ref: write, Part: Default}, "T1#3.default"},
		{Step{Ref: write, Part: CasePart(0)}, "T1#3.case1"},
		{Step{Ref: write, Part: CasePart(11)}, "T1#3.case12"},
	}
	for _, c := range cases {
		if got := c.step.Format(tr); got != c.id {
			t.Errorf("%+v: %q, want %q", c.step, got, c.id)
		}
		if c.step.Part == Whole {
			continue
		}
		if p, ok := PartNamed(c.step.Part.Suffix()[1:]); !ok || p != c.step.Part {
			t.Errorf("PartNamed(%q) = %v %v", c.step.Part.Suffix()[1:], p, ok)
		}
	}
	for _, bad := range []string{"", "whole", "Release", "commit2", "case0", "case01", "case", "case101", "case-1"} {
		if p, ok := PartNamed(bad); ok {
			t.Errorf("PartNamed(%q) = %v, want none", bad, p)
		}
	}
}
