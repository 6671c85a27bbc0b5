package explain

import "gpredict/trace"

// JSON is an explanation as the JSON reports write it (docs/output.md).
type JSON struct {
	Claim   string     `json:"claim"`
	By      string     `json:"by"`
	Minimal bool       `json:"minimal"`
	Facts   []FactJSON `json:"facts"`
}

// FactJSON is one fact: its kind, the events it names (ids, in the
// sentence's order) and the sentence.
type FactJSON struct {
	Kind   Kind     `json:"kind"`
	Events []string `json:"events"`
	Text   string   `json:"text"`
}

// ToJSON converts e for a JSON report.
func (e *Explanation) ToJSON(tr *trace.Trace) *JSON {
	out := &JSON{Claim: e.Claim, By: e.By, Minimal: e.Minimal, Facts: []FactJSON{}}
	for _, f := range e.Facts {
		evs := make([]string, len(f.Events))
		for i, r := range f.Events {
			evs[i] = tr.ID(r)
			if f.Kind == AskedOrder {
				evs[i] = StepName(tr, r, f.Steps[i])
			}
		}
		out.Facts = append(out.Facts, FactJSON{Kind: f.Kind, Events: evs, Text: f.Text})
	}
	return out
}
