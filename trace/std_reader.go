package trace

import (
	"bytes"
	"io"
)

// atomicSig is the signature STD's begin/end become (docs/trace-format.md,
// STD).
const atomicSig = "atomic()"

// stdOps maps STD op names to events. `branch` is not in RAPID's list of STD ops;
// it is accepted because RapidBin keeps it, so that an STD file written from
// a RapidBin recording reads back (docs/trace-format.md).
var stdOps = map[string]Op{
	"r": OpRead, "w": OpWrite, "acq": OpAcquire, "rel": OpRelease,
	"fork": OpFork, "join": OpJoin, "begin": OpEnter, "end": OpExit, "branch": OpBranch,
}

const stdOpList = "r, w, acq, rel, fork, join, begin, end or branch"
const stdUsage = "want THREAD|OP(DECOR)|LOC"

// ReadSTD reads an STD file (RAPID's `THREAD|OP(DECOR)|LOC` lines) into b,
// inferring values as docs/trace-format.md says.
func ReadSTD(b *Builder, name string, r io.Reader) error {
	b.AddFile(name)
	lr := newLineReader(name, r)
	vi := newValueInference(b)
	defer vi.done(b)
	atomic := b.Syms().Intern(atomicSig)
	for lr.next() {
		if err := lr.checkText(); err != nil {
			return err
		}
		if len(bytes.TrimSpace(lr.text)) == 0 {
			continue
		}
		if err := readSTDLine(b, lr, vi, atomic); err != nil {
			return lr.hint(err, FormatSTD)
		}
	}
	return lr.err()
}

func readSTDLine(b *Builder, lr *lineReader, vi *valueInference, atomic Sym) error {
	line := lr.text
	bar1 := bytes.IndexByte(line, '|')
	if bar1 < 0 {
		return lr.errorf(len(line)+1, "missing '|'; %s", stdUsage)
	}
	bar2 := bytes.IndexByte(line[bar1+1:], '|')
	if bar2 < 0 {
		return lr.errorf(len(line)+1, "missing '|' before LOC; %s", stdUsage)
	}
	bar2 += bar1 + 1
	if extra := bytes.IndexByte(line[bar2+1:], '|'); extra >= 0 {
		return lr.errorf(bar2+extra+2, "extra '|'; %s", stdUsage)
	}
	thread, opField, loc := line[:bar1], line[bar1+1:bar2], line[bar2+1:]
	opCol, locCol := bar1+2, bar2+2
	if err := stdToken(lr, thread, 1, "THREAD"); err != nil {
		return err
	}
	if isDirective(string(thread)) {
		return lr.errorf(1, "thread name %q is a directive keyword of the text format; want another name", thread)
	}
	if err := stdLoc(lr, loc, locCol); err != nil {
		return err
	}
	name, decor := opField, []byte(nil)
	hasParens := false
	if open := bytes.IndexByte(opField, '('); open >= 0 {
		if opField[len(opField)-1] != ')' || bytes.IndexByte(opField[open+1:], '(') >= 0 || bytes.IndexByte(opField[open+1:len(opField)-1], ')') >= 0 {
			return lr.errorf(opCol, "malformed OP(DECOR) %q; %s", opField, stdUsage)
		}
		name, decor, hasParens = opField[:open], opField[open+1:len(opField)-1], true
	} else if bytes.IndexByte(opField, ')') >= 0 {
		return lr.errorf(opCol, "malformed OP(DECOR) %q; %s", opField, stdUsage)
	}
	op, ok := stdOps[string(name)]
	if !ok {
		return lr.errorf(opCol, "unknown STD op %q; want %s", name, stdOpList)
	}
	decorCol := opCol + len(name) + 1
	needsDecor := op != OpEnter && op != OpExit && op != OpBranch
	switch {
	case needsDecor && !hasParens:
		return lr.errorf(opCol+len(name), "%s: missing (DECOR); want %s(%s)", name, name, stdDecorName(op))
	case needsDecor:
		if err := stdToken(lr, decor, decorCol, stdDecorName(op)); err != nil {
			return err
		}
	case len(decor) > 0:
		return lr.errorf(decorCol, "%s takes no DECOR, got %q; want %s or %s()", name, decor, name, name)
	}

	syms := b.Syms()
	tsym := syms.InternBytes(thread)
	ev := Event{Op: op, Loc: syms.InternBytes(loc)}
	switch op {
	case OpEnter, OpExit:
		ev.Obj = atomic
	case OpBranch:
	default:
		ev.Obj = syms.InternBytes(decor)
	}
	switch op {
	case OpWrite:
		ev.Val = vi.write(b, tsym, ev.Obj, b.nextIndex(tsym))
	case OpRead:
		ev.Val = vi.read(b, ev.Obj)
	}
	return b.Event(lr.pos(opCol), tsym, ev)
}

// stdDecorName names the DECOR of op in messages.
func stdDecorName(op Op) string {
	switch op {
	case OpRead, OpWrite:
		return "VAR"
	case OpAcquire, OpRelease:
		return "LOCK"
	}
	return "THREAD2"
}

// stdToken checks that a field is a name the text format can also hold (see
// textTokenProblem), so that every STD trace converts.
func stdToken(lr *lineReader, s []byte, col int, what string) error {
	if len(s) == 0 {
		return lr.errorf(col, "empty %s; %s", what, stdUsage)
	}
	if p := textTokenProblem(string(s)); p != "" {
		return lr.errorf(col, "%s %q %s", what, s, p)
	}
	return nil
}

// stdLoc checks a LOC field: any non-empty text without white space or '#'.
func stdLoc(lr *lineReader, s []byte, col int) error {
	if len(s) == 0 {
		return lr.errorf(col, "empty LOC; %s", stdUsage)
	}
	if p := embeddedProblem(string(s)); p != "" {
		return lr.errorf(col, "LOC %q %s", s, p)
	}
	return nil
}
