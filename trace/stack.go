package trace

import (
	"fmt"
	"strconv"
	"strings"
)

// Call stacks (docs/trace-format.md, Stacks). A `stack ID FRAME...`
// directive defines an interned call stack, innermost frame first; an
// event may carry one (`stack=ID` in the text format, "stack" in JSON
// Lines). Reports show them; nothing in the semantics depends on them.

// Frame is one frame of a call stack: a function and the file and line
// it was executing.
type Frame struct {
	Func string
	File string
	Line int
}

// String renders f as the text format writes it: FUNC@FILE:LINE.
func (f Frame) String() string { return f.Func + "@" + f.File + ":" + strconv.Itoa(f.Line) }

// ParseFrame parses FUNC@FILE:LINE: the function is everything before the
// first '@', the line everything after the last ':'.
func ParseFrame(s string) (Frame, error) {
	fn, rest, ok := strings.Cut(s, "@")
	i := strings.LastIndexByte(rest, ':')
	if !ok || fn == "" || i <= 0 {
		return Frame{}, fmt.Errorf("frame %q: want FUNC@FILE:LINE", s)
	}
	line, err := strconv.Atoi(rest[i+1:])
	if err != nil || line < 0 {
		return Frame{}, fmt.Errorf("frame %q: line %q is not a number; want FUNC@FILE:LINE", s, rest[i+1:])
	}
	return Frame{Func: fn, File: rest[:i], Line: line}, nil
}

// Stack returns the call stack of event r, innermost frame first, if it
// has one.
func (t *Trace) Stack(r EventRef) ([]Frame, bool) {
	id := t.StackID(r)
	if id == NoSym {
		return nil, false
	}
	return t.Stacks[id], true
}

// StackID returns the id of event r's stack, NoSym if it has none.
func (t *Trace) StackID(r EventRef) Sym {
	th := t.Threads[r.Thread]
	if int(r.Index) >= len(th.Stacks) {
		return NoSym
	}
	return th.Stacks[r.Index]
}

// isDirective reports whether s is a directive keyword of the text
// format, which no thread can be called.
func isDirective(s string) bool {
	switch s {
	case "init", "volatile", "type", "object", "hb", "lock", "stack", "chan", "select":
		return true
	}
	return false
}

// pendingStack is the first use of a stack id, checked once every file is
// read (a directive may come after its use).
type pendingStack struct {
	id  Sym
	pos Pos
}

// DefineStack adds a `stack` directive. Defining an id twice with other
// frames is an error.
func (b *Builder) DefineStack(pos Pos, id Sym, frames []Frame) error {
	if old, ok := b.tr.Stacks[id]; ok {
		if !sameFrames(old, frames) {
			return errorf(pos, "stack %s conflicts with an earlier stack %s; want one definition per id", b.tr.Str(id), b.tr.Str(id))
		}
		return nil
	}
	if b.tr.Stacks == nil {
		b.tr.Stacks = map[Sym][]Frame{}
	}
	b.tr.Stacks[id] = frames
	return nil
}

func sameFrames(a, b []Frame) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// EventWithStack is Event for an event that carries the stack id.
func (b *Builder) EventWithStack(pos Pos, name Sym, ev Event, stack Sym) error {
	if err := b.Event(pos, name, ev); err != nil {
		return err
	}
	th := b.tr.Threads[b.tr.threadByName[name]]
	for len(th.Stacks) < len(th.Events)-1 {
		th.Stacks = append(th.Stacks, NoSym)
	}
	th.Stacks = append(th.Stacks, stack)
	if _, used := b.stackUsed[stack]; !used {
		if b.stackUsed == nil {
			b.stackUsed = map[Sym]bool{}
		}
		b.stackUsed[stack] = true
		b.stackRefs = append(b.stackRefs, pendingStack{stack, pos})
	}
	return nil
}

// resolveStacks checks that every stack id used is defined.
func (b *Builder) resolveStacks() error {
	for _, r := range b.stackRefs {
		if _, ok := b.tr.Stacks[r.id]; !ok {
			return errorf(r.pos, "stack=%s: no `stack %s` directive in the trace; want an id that a stack directive defines", b.tr.Str(r.id), b.tr.Str(r.id))
		}
	}
	b.stackRefs = nil
	return nil
}

// stackToken splits a trailing stack=ID token off an event's operands:
// the key is taken when the tokens before it are all the operands the op
// can have, full (so `read x stack=y` still reads the value "stack=y",
// and a wait with a stack writes its SIGNAL).
func stackToken(tok []byte, operandsWithout, full int) (string, bool) {
	if operandsWithout < full || len(tok) <= len("stack=") || string(tok[:len("stack=")]) != "stack=" {
		return "", false
	}
	return string(tok[len("stack="):]), true
}
