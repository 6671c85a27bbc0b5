package report

import (
	"gpredict/predict"
	"gpredict/predict/explain"
	"gpredict/trace"
)

// The reports of predict --explain (ExplainRefuted): in text, after the
// summary line, each refuted candidate with the sentences of its
// explanation, then a line counting what the pass found; in JSON, the
// "explained" object.

type jsonExplained struct {
	Refuted   []jsonRefuted `json:"refuted"`
	Shown     int           `json:"shown"`
	Undecided int           `json:"undecided"`
}

type jsonRefuted struct {
	Property string        `json:"property"`
	Binding  jsonBinding   `json:"binding"`
	Events   []jsonEvent   `json:"events"`
	Explain  *explain.JSON `json:"explain"`
}

func explainedJSON(tr *trace.Trace, e *predict.Explained) *jsonExplained {
	if e == nil {
		return nil
	}
	out := &jsonExplained{Refuted: []jsonRefuted{}, Shown: e.Shown, Undecided: e.Undecided}
	for _, r := range e.Refuted {
		out.Refuted = append(out.Refuted, jsonRefuted{
			Property: r.Property.Name,
			Binding:  predict.BindingPairs(tr, r.Property, r.Binding),
			Events:   jsonEvents(tr, r.Property, r.Alt, r.Choice),
			Explain:  r.Explanation.ToJSON(tr),
		})
	}
	return out
}

// explained writes the text section.
func (t *textWriter) explained(e *predict.Explained) {
	for i, r := range e.Refuted {
		ex := r.Explanation
		by := "must-happen-before"
		if ex.By == explain.BySolver {
			by = "an unsat core of the encoding"
			if !ex.Minimal {
				by += ", not minimised"
			}
		}
		t.printf("\n[refuted %d/%d] %s %s: %s\n", i+1, len(e.Refuted), r.Property.Name, predict.BindingText(t.tr, r.Property, r.Binding),
			predict.ChosenText(t.tr, r.Property, r.Alt, r.Choice))
		t.printf("  no feasible schedule shows it, because (%s):\n", by)
		for _, s := range ex.Sentences() {
			t.printf("  - %s\n", s)
		}
	}
	t.printf("\n--explain: %s", plural(len(e.Refuted), "refuted candidate"))
	if e.Shown > 0 {
		t.printf("; %d not refuted (violations whose location group is reported)", e.Shown)
	}
	if e.Undecided > 0 {
		t.printf("; %s could not be decided in time", plural(e.Undecided, "candidate"))
	}
	t.printf("\n")
}
