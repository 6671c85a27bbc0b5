package props

import (
	"fmt"
	"strings"

	"gpredict/predict"
	"gpredict/trace"
)

// A recording without branch events gets the implicit branch model
// (docs/semantics.md rule 5: every read followed by another event of its
// thread keeps its value), which is often what hides a bug: under it the
// Deadlock built-in finds nothing in the Deadlock and Transfer recordings,
// whose cycles `--branches explicit` finds. A run that comes back empty
// should say so rather than leave the user to guess.

// ModelNote is the note for the summary of res when some of the
// properties named in checked found nothing, and have no entry for
// candidates never formed, under the implicit model on a
// trace that has reads and no branch events: which model was used and
// what `--branches explicit` would change. It is "" otherwise (the model
// matters only through reads).
func ModelNote(res *predict.Result, checked []string) string {
	if res.Model != trace.BranchesImplicit || trace.BranchesAuto.Resolve(res.Trace) != trace.BranchesImplicit || !hasRead(res.Trace) {
		return ""
	}
	found := map[string]bool{}
	for _, v := range res.Violations {
		found[v.Property.Name] = true
	}
	// A property with an entry for candidates never formed or searched
	// (a run past its memory budget, Blocked's search bound) did not come
	// back empty: it is undecided, for the reason the entry gives.
	for _, u := range res.Unknown {
		if u.NotFormed() {
			found[u.Property.Name] = true
		}
	}
	var quiet []string
	for _, name := range checked {
		if !found[name] {
			found[name] = true // list each once
			quiet = append(quiet, name)
		}
	}
	if len(quiet) == 0 {
		return ""
	}
	who := strings.Join(quiet, ", ")
	if len(quiet) > 3 {
		who = fmt.Sprintf("%d of the %d properties", len(quiet), len(checked))
	}
	return "note: " + who + " found nothing under the implicit branch model, the default\n" +
		"  for a trace without branch events: every read followed by another event\n" +
		"  of its thread must return its recorded value. Under --branches explicit\n" +
		"  only the reads before a branch event must, and this trace has none, so\n" +
		"  more may be found; such a report is real only if the program's control\n" +
		"  flow does not depend on the reads whose values its witness changes.\n"
}

func hasRead(tr *trace.Trace) bool {
	for _, th := range tr.Threads {
		for i := range th.Events {
			if th.Events[i].Op == trace.OpRead {
				return true
			}
		}
	}
	return false
}
