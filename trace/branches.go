package trace

import "fmt"

// BranchModel chooses which reads must keep their value (docs/semantics.md
// rule 5).
type BranchModel uint8

const (
	// BranchesAuto is explicit if the trace has a branch event, else implicit.
	BranchesAuto BranchModel = iota
	// BranchesImplicit: every read followed in its thread by a scheduled event.
	BranchesImplicit
	// BranchesExplicit: reads before a scheduled branch, and the reads that
	// the writes they read from depend on.
	BranchesExplicit
)

func (m BranchModel) String() string {
	return [...]string{"auto", "implicit", "explicit"}[m]
}

// ParseBranchModel parses the --branches flag.
func ParseBranchModel(s string) (BranchModel, error) {
	switch s {
	case "auto", "":
		return BranchesAuto, nil
	case "implicit":
		return BranchesImplicit, nil
	case "explicit":
		return BranchesExplicit, nil
	}
	return 0, fmt.Errorf("--branches %q: want auto, implicit or explicit", s)
}

// Resolve turns auto into implicit or explicit for trace t.
func (m BranchModel) Resolve(t *Trace) BranchModel {
	if m != BranchesAuto {
		return m
	}
	for _, th := range t.Threads {
		for i := range th.Events {
			if th.Events[i].Op == OpBranch {
				return BranchesExplicit
			}
		}
	}
	return BranchesImplicit
}
