package trace

import (
	"fmt"
	"slices"
	"strings"
)

// Selects (docs/trace-format.md, "Selects"; docs/semantics.md, rule 7).
// A `select ID CASE...` directive lists the cases of a Go select — each
// `recv:CH`, `send:CH` or `default` — once per select and set of
// channels; the case the select took in the recorded run is its event: a
// send, recv or recvclosed with the key `select=ID`, or `default ID`
// when it took its default. A schedule may take another ready case
// instead, as the select's thread's last step (Step parts Default and
// CasePart). Like channels, an extension of the contract.

// MaxSelectCases bounds the cases of one select directive (a step names
// a case by a Part).
const MaxSelectCases = 100

// SelectCase is a channel case of a select: a send to or a receive from
// Chan.
type SelectCase struct {
	Send bool
	Chan Sym
}

// Select is the directive `select ID CASE...`: its channel cases in the
// order written, and whether it has a default case.
type Select struct {
	Cases   []SelectCase
	Default bool
}

// ParseSelectCase parses one CASE of a select directive: `recv:CH`,
// `send:CH` or `default`.
func ParseSelectCase(s string) (kind string, ch string, err error) {
	if s == "default" {
		return "default", "", nil
	}
	k, ch, ok := strings.Cut(s, ":")
	if !ok || (k != "recv" && k != "send") || ch == "" {
		return "", "", fmt.Errorf("case %q: want recv:CH, send:CH or default", s)
	}
	return k, ch, nil
}

// String renders c as a directive writes it: recv:CH or send:CH.
func (c SelectCase) String(t *Trace) string {
	if c.Send {
		return "send:" + t.Str(c.Chan)
	}
	return "recv:" + t.Str(c.Chan)
}

// SelectOf returns the select whose case event ev is (its select= key,
// or a default's operand), NoSym if it is none.
func (ev *Event) SelectOf() Sym {
	switch ev.Op {
	case OpDefault:
		return ev.Obj
	case OpSend, OpRecv, OpRecvClosed:
		return ev.Target
	}
	return NoSym
}

// SelectAt returns the select whose case event r is, if it is one.
func (t *Trace) SelectAt(r EventRef) (*Select, bool) {
	id := t.Event(r).SelectOf()
	if id == NoSym {
		return nil, false
	}
	s, ok := t.Selects[id]
	return s, ok
}

// OtherCases lists the parts with which a schedule may take select event
// r as another case than the recorded one (docs/semantics.md, rule 7):
// each receive case on another channel than the recorded case's (the
// first of duplicates; a receive case on the channel of a recorded send
// is left out too, so that an event stands for one operation of each
// channel), and Default when the select has a default and
// did not take it. Send cases are never taken instead (their value is
// not recorded, and an unbuffered one needs a receiver waiting at that
// moment, which steps do not show); they only keep a default from being
// taken while ready. Nil for an event that is no select's case.
func (t *Trace) OtherCases(r EventRef) []Part {
	sel, ok := t.SelectAt(r)
	if !ok {
		return nil
	}
	ev := t.Event(r)
	var out []Part
	seen := map[Sym]bool{}
	if ev.Op != OpDefault {
		seen[ev.Obj] = true
	}
	for k, c := range sel.Cases {
		if c.Send || seen[c.Chan] {
			continue
		}
		seen[c.Chan] = true
		out = append(out, CasePart(k))
	}
	if sel.Default && ev.Op != OpDefault {
		out = append(out, Default)
	}
	return out
}

// pendingSelect is a use of a select id (select= key or default), checked
// once every file is read (the directive may come after it).
type pendingSelect struct {
	ref EventRef
	pos Pos
}

// DefineSelect adds a `select` directive (pos: where its id is). A
// second definition with other cases is an error, as is a second
// `default` or more than MaxSelectCases cases.
func (b *Builder) DefineSelect(pos Pos, id Sym, sel *Select) error {
	if len(sel.Cases) > MaxSelectCases {
		return errorf(pos, "select %s has %d cases; want at most %d", b.tr.Str(id), len(sel.Cases), MaxSelectCases)
	}
	if old, ok := b.tr.Selects[id]; ok {
		if !sameSelect(old, sel) {
			return errorf(pos, "select %s conflicts with an earlier select %s; want one definition per id", b.tr.Str(id), b.tr.Str(id))
		}
		return nil
	}
	if b.tr.Selects == nil {
		b.tr.Selects = map[Sym]*Select{}
	}
	b.tr.Selects[id] = sel
	return nil
}

// SelectCaseOf appends the parsed CASE s to sel, or says what is wrong.
func (b *Builder) SelectCaseOf(sel *Select, s string) error {
	kind, ch, err := ParseSelectCase(s)
	switch {
	case err != nil:
		return err
	case kind == "default" && sel.Default:
		return fmt.Errorf("second default; want at most one default case")
	case kind == "default":
		sel.Default = true
	default:
		if p := textTokenProblem(ch); p != "" {
			return fmt.Errorf("case %q: channel %q %s", s, ch, p)
		}
		sel.Cases = append(sel.Cases, SelectCase{Send: kind == "send", Chan: b.Syms().Intern(ch)})
	}
	return nil
}

func sameSelect(a, b *Select) bool {
	return a.Default == b.Default && slices.Equal(a.Cases, b.Cases)
}

// noteSelect records that the event just appended to thread th is a
// select's case (pos: its op), to be checked by resolveSelects.
func (b *Builder) noteSelect(pos Pos, th *Thread) {
	b.tr.chans = true
	b.selectRefs = append(b.selectRefs, pendingSelect{EventRef{th.ID, uint32(len(th.Events) - 1)}, pos})
}

// resolveSelects checks every select= key and default: its id names a
// select directive, and the event is one of that select's cases.
func (b *Builder) resolveSelects() error {
	t := b.tr
	for _, u := range b.selectRefs {
		ev := t.Event(u.ref)
		id := ev.SelectOf()
		sel, ok := t.Selects[id]
		if !ok {
			what := "select=" + t.Str(id)
			if ev.Op == OpDefault {
				what = "default " + t.Str(id)
			}
			return errorf(u.pos, "%s: no `select %s` directive in the trace; want an id that a select directive defines", what, t.Str(id))
		}
		if !sel.has(ev) {
			return errorf(u.pos, "%s is not a case of select %s (%s); want the case the select took", caseName(t, ev), t.Str(id), sel.format(t))
		}
	}
	b.selectRefs = nil
	return nil
}

// has reports whether ev is one of sel's cases.
func (sel *Select) has(ev *Event) bool {
	if ev.Op == OpDefault {
		return sel.Default
	}
	for _, c := range sel.Cases {
		if c.Chan == ev.Obj && c.Send == (ev.Op == OpSend) {
			return true
		}
	}
	return false
}

// caseName is the case a select's event took, as a directive writes it.
func caseName(t *Trace, ev *Event) string {
	if ev.Op == OpDefault {
		return "default"
	}
	return SelectCase{Send: ev.Op == OpSend, Chan: ev.Obj}.String(t)
}

// format renders sel's cases as its directive writes them.
func (sel *Select) format(t *Trace) string {
	return strings.Join(sel.caseTokens(t), " ")
}

// caseTokens are sel's cases as tokens of its directive.
func (sel *Select) caseTokens(t *Trace) []string {
	var out []string
	for _, c := range sel.Cases {
		out = append(out, c.String(t))
	}
	if sel.Default {
		out = append(out, "default")
	}
	return out
}

// selectToken splits a trailing select=ID token off the operands of a
// send, recv or recvclosed, as stackToken does for stack=.
func selectToken(op Op, tok []byte, operandsWithout, full int) (string, bool) {
	if op != OpSend && op != OpRecv && op != OpRecvClosed {
		return "", false
	}
	const key = "select="
	if operandsWithout < full || len(tok) <= len(key) || string(tok[:len(key)]) != key {
		return "", false
	}
	return string(tok[len(key):]), true
}
