package trace

import "strings"

// EventText renders the event r refers to as its line of the text format
// says it, without the thread and the location: "write x 1",
// "call Iterator ArrayList.iterator() target=c result=i1". Reports show it
// beside the event's id, so that a step says what it is.
func (t *Trace) EventText(r EventRef) string {
	ev := t.Event(r)
	keep := func(s string, _ bool) string { return s }
	return strings.Join(operandTokens(t, ev, NoSym, []string{ev.Op.String()}, keep), " ")
}
