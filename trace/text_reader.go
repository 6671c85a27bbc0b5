package trace

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// ReadText reads a text-format trace file (docs/trace-format.md) into b.
func ReadText(b *Builder, name string, r io.Reader) error {
	b.AddFile(name)
	tr := textReader{b: b, lr: newLineReader(name, r)}
	for tr.lr.next() {
		if err := tr.lr.checkText(); err != nil {
			return err
		}
		tr.toks = splitTokens(tr.lr.text, tr.toks[:0])
		if len(tr.toks) == 0 {
			continue
		}
		if err := tr.line(); err != nil {
			return tr.lr.hint(err, FormatText)
		}
	}
	return tr.lr.err()
}

// token is one whitespace-separated word of a line and its 1-based column.
type token struct {
	s   []byte
	col int
}

func (t token) str() string { return string(t.s) }

// splitTokens appends the tokens of line to toks, stopping at a comment.
func splitTokens(line []byte, toks []token) []token {
	i := 0
	for i < len(line) {
		c := line[i]
		if c == '#' {
			break
		}
		if isSeparator(c) {
			i++
			continue
		}
		start := i
		for i < len(line) && !isSeparator(line[i]) && line[i] != '#' {
			i++
		}
		toks = append(toks, token{line[start:i], start + 1})
	}
	return toks
}

// isSeparator reports whether c separates tokens: spaces and tabs
// (docs/trace-format.md, text format), and the other ASCII white space,
// which no token may contain.
func isSeparator(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

type textReader struct {
	b    *Builder
	lr   *lineReader
	toks []token
}

// endCol is the column just after the last token: where a missing operand
// would have had to be.
func (t *textReader) endCol() int {
	last := t.toks[len(t.toks)-1]
	return last.col + len(last.s) + 1
}

func (t *textReader) line() error {
	// A token starting with '@' is a location; only the last token may be one.
	for _, tok := range t.toks[:len(t.toks)-1] {
		if tok.s[0] == '@' {
			return t.lr.errorf(tok.col, "location %q must be the last token of the line", tok.s)
		}
	}
	if isDirective(string(t.toks[0].s)) {
		return t.directive()
	}
	return t.event()
}

// directiveUsage is the form of each directive, for error messages.
var directiveUsage = map[string]string{
	"init":     "init VAR VALUE",
	"volatile": "volatile VAR",
	"type":     "type NAME : SUPERTYPE...",
	"object":   "object OBJ : TYPE",
	"hb":       "hb THREAD:K THREAD:K",
	"lock":     "lock LOCK : reentrant|mutex|rwmutex",
	"stack":    "stack ID FUNC@FILE:LINE...",
	"chan":     "chan CH : CAP",
	"select":   "select ID recv:CH|send:CH|default...",
}

func (t *textReader) directive() error {
	kind := string(t.toks[0].s)
	args := t.toks[1:]
	if n := len(args); n > 0 && args[n-1].s[0] == '@' {
		return t.lr.errorf(args[n-1].col, "directive %s takes no @LOCATION; want %s", kind, directiveUsage[kind])
	}
	want := func(n int) error {
		if len(args) < n {
			return t.lr.errorf(t.endCol(), "%s: missing operand; want %s", kind, directiveUsage[kind])
		}
		if len(args) > n {
			return t.lr.errorf(args[n].col, "%s: extra operand %q; want %s", kind, args[n].s, directiveUsage[kind])
		}
		return nil
	}
	colon := func() error {
		if len(args) == 0 {
			return t.lr.errorf(t.endCol(), "%s: missing operand; want %s", kind, directiveUsage[kind])
		}
		if len(args) < 2 || string(args[1].s) != ":" {
			col := t.endCol()
			if len(args) >= 2 {
				col = args[1].col
			}
			return t.lr.errorf(col, "%s: missing ':' after %s; want %s", kind, args[0].s, directiveUsage[kind])
		}
		return nil
	}
	b := t.b
	switch kind {
	case "init":
		if err := want(2); err != nil {
			return err
		}
		v, val := b.Syms().InternBytes(args[0].s), b.Syms().InternBytes(args[1].s)
		if old, ok := b.tr.Init[v]; ok && old != val {
			return t.lr.errorf(args[1].col, "init %s %s conflicts with an earlier init %s %s", args[0].s, args[1].s, args[0].s, b.tr.Str(old))
		}
		b.Init(v, val)
	case "volatile":
		if err := want(1); err != nil {
			return err
		}
		b.Volatile(b.Syms().InternBytes(args[0].s))
	case "type":
		if err := colon(); err != nil {
			return err
		}
		if len(args) < 3 {
			return t.lr.errorf(t.endCol(), "type: missing SUPERTYPE; want %s", directiveUsage[kind])
		}
		supers := make([]string, 0, len(args)-2)
		for _, s := range args[2:] {
			supers = append(supers, s.str())
		}
		b.Type(args[0].str(), supers)
	case "object":
		if err := colon(); err != nil {
			return err
		}
		if err := want(3); err != nil {
			return err
		}
		obj, ty := b.Syms().InternBytes(args[0].s), b.Syms().InternBytes(args[2].s)
		if old, ok := b.tr.Objects[obj]; ok && old != ty {
			return t.lr.errorf(args[2].col, "object %s : %s conflicts with an earlier object %s : %s", args[0].s, args[2].s, args[0].s, b.tr.Str(old))
		}
		b.Object(obj, ty)
	case "lock":
		if err := colon(); err != nil {
			return err
		}
		if err := want(3); err != nil {
			return err
		}
		k, ok := ParseLockKind(args[2].str())
		if !ok {
			return t.lr.errorf(args[2].col, "lock: unknown kind %q; want %s", args[2].s, LockKinds)
		}
		return b.LockKind(t.lr.pos(args[2].col), b.Syms().InternBytes(args[0].s), k)
	case "chan":
		if err := colon(); err != nil {
			return err
		}
		if err := want(3); err != nil {
			return err
		}
		n, ok := ParseCap(args[2].str())
		if !ok {
			return t.lr.errorf(args[2].col, "chan: capacity %q is not a number; want %s with CAP a decimal number (0: unbuffered)", args[2].s, directiveUsage[kind])
		}
		return b.ChanCap(t.lr.pos(args[2].col), b.Syms().InternBytes(args[0].s), n)
	case "hb":
		if err := want(2); err != nil {
			return err
		}
		var ids [2]string
		for i, a := range args {
			id, err := hbID(a.str())
			if err != nil {
				return t.lr.errorf(a.col, "hb: %v; want %s", err, directiveUsage[kind])
			}
			ids[i] = id
		}
		b.HB(t.lr.pos(args[0].col), t.lr.pos(args[1].col), ids[0], ids[1])
	case "select":
		if len(args) < 2 {
			return t.lr.errorf(t.endCol(), "select: missing %s; want %s", map[bool]string{true: "ID", false: "CASE"}[len(args) == 0], directiveUsage[kind])
		}
		sel := &Select{}
		for _, a := range args[1:] {
			if err := b.SelectCaseOf(sel, a.str()); err != nil {
				return t.lr.errorf(a.col, "select: %v", err)
			}
		}
		return b.DefineSelect(t.lr.pos(args[0].col), b.Syms().InternBytes(args[0].s), sel)
	case "stack":
		if len(args) < 2 {
			return t.lr.errorf(t.endCol(), "stack: missing %s; want %s", map[bool]string{true: "ID", false: "FRAME"}[len(args) == 0], directiveUsage[kind])
		}
		frames := make([]Frame, len(args)-1)
		for i, a := range args[1:] {
			f, err := ParseFrame(a.str())
			if err != nil {
				return t.lr.errorf(a.col, "stack: %v", err)
			}
			frames[i] = f
		}
		return b.DefineStack(t.lr.pos(args[0].col), b.Syms().InternBytes(args[0].s), frames)
	}
	return nil
}

// hbID turns the text format's spelling of an event id in an hb directive,
// THREAD:K (a '#' would start a comment), into the id THREAD#K.
func hbID(tok string) (string, error) {
	i := strings.LastIndexByte(tok, ':')
	if i <= 0 {
		return "", fmt.Errorf("event %q is not THREAD:K", tok)
	}
	id := tok[:i] + "#" + tok[i+1:]
	if _, _, err := SplitID(id); err != nil {
		return "", fmt.Errorf("event %q is not THREAD:K with K ≥ 1", tok)
	}
	return id, nil
}

// opUsage is the operand list of each op, for error messages.
var opUsage = [NumOps]string{
	OpBegin: "", OpEnd: "", OpBranch: "", OpFence: "",
	OpFork: " THREAD2", OpJoin: " THREAD2",
	OpRead: " VAR VALUE", OpWrite: " VAR VALUE",
	OpAcquire: " LOCK", OpRelease: " LOCK",
	OpRAcquire: " LOCK", OpRRelease: " LOCK",
	OpRequest: " LOCK", OpRRequest: " LOCK",
	OpWait:   " LOCK [SIGNAL]",
	OpNotify: " SIGNAL", OpNotifyAll: " SIGNAL",
	OpSend: " CH VALUE", OpRecv: " CH VALUE", OpRecvClosed: " CH", OpClose: " CH",
	OpRecvWait: " CH", OpDefault: " SELECT", OpLatchWait: " LATCH",
	OpCall:  " SIGNATURE [target=OBJ] [args=V1,V2,...] [result=V]",
	OpEnter: " SIGNATURE [target=OBJ] [args=V1,V2,...]",
	OpExit:  " SIGNATURE [target=OBJ] [args=V1,V2,...] [result=V]",
}

// opOperands is how many operands each non-invocation op takes (min, max).
var opOperands = [NumOps][2]int{
	OpFork: {1, 1}, OpJoin: {1, 1}, OpRead: {2, 2}, OpWrite: {2, 2},
	OpAcquire: {1, 1}, OpRelease: {1, 1}, OpWait: {1, 2},
	OpRAcquire: {1, 1}, OpRRelease: {1, 1},
	OpRequest: {1, 1}, OpRRequest: {1, 1},
	OpNotify: {1, 1}, OpNotifyAll: {1, 1},
	OpSend: {2, 2}, OpRecv: {2, 2}, OpRecvClosed: {1, 1}, OpClose: {1, 1},
	OpRecvWait: {1, 1}, OpDefault: {1, 1}, OpLatchWait: {1, 1},
}

const opList = "begin, end, fork, join, read, write, acquire (lock, acq), release (unlock, rel), wait, notify, notifyAll, branch, call, enter, exit, racquire (rlock, racq), rrelease (runlock, rrel), request (req), rrequest (rreq), fence, send, recv, recvclosed, close, recvwait, default, latchwait"

func (t *textReader) usage(op Op) string {
	return "want THREAD " + op.String() + opUsage[op] + " [@LOCATION]"
}

func (t *textReader) event() error {
	b, lr := t.b, t.lr
	if len(t.toks) < 2 {
		return lr.errorf(t.endCol(), "missing op after thread %s; want THREAD OP OPERANDS... [key=value ...] [@LOCATION]", t.toks[0].s)
	}
	opTok := t.toks[1]
	op, ok := ParseOp(string(opTok.s))
	if !ok {
		return lr.errorf(opTok.col, "unknown op %q; want one of %s", opTok.s, opList)
	}
	rest := t.toks[2:]
	ev := Event{Op: op}
	if n := len(rest); n > 0 && rest[n-1].s[0] == '@' {
		if len(rest[n-1].s) == 1 {
			return lr.errorf(rest[n-1].col, "empty location '@'; want @LOCATION, e.g. @Main.java:12")
		}
		ev.Loc = b.Syms().InternBytes(rest[n-1].s[1:])
		rest = rest[:n-1]
	}
	stack := NoSym
	full := 1 // an invocation's signature (its keys may follow)
	if !op.IsInvocation() {
		full = opOperands[op][1]
	}
	if n := len(rest); n > 0 {
		if id, ok := stackToken(rest[n-1].s, n-1, full); ok {
			stack, rest = b.Syms().Intern(id), rest[:n-1]
		}
	}
	if n := len(rest); n > 0 {
		if id, ok := selectToken(op, rest[n-1].s, n-1, full); ok {
			if id == "" || textTokenProblem(id) != "" {
				return lr.errorf(rest[n-1].col, "%s: empty or bad select=; want select=ID", op)
			}
			ev.Target, rest = b.Syms().Intern(id), rest[:n-1]
		}
	}
	if op.IsInvocation() {
		if err := t.invocation(&ev, rest); err != nil {
			return err
		}
	} else if err := t.operands(&ev, rest); err != nil {
		return err
	}
	name := b.Syms().InternBytes(t.toks[0].s)
	if stack != NoSym {
		return b.EventWithStack(lr.pos(opTok.col), name, ev, stack)
	}
	return b.Event(lr.pos(opTok.col), name, ev)
}

// operands fills the operands of a non-invocation event.
func (t *textReader) operands(ev *Event, rest []token) error {
	lims := opOperands[ev.Op]
	if len(rest) < lims[0] {
		missing := strings.Fields(opUsage[ev.Op])[len(rest)]
		return t.lr.errorf(t.endCol(), "%s: missing %s; %s", ev.Op, missing, t.usage(ev.Op))
	}
	if len(rest) > lims[1] {
		extra := rest[lims[1]]
		if _, isKey := keyOf(extra.s); isKey {
			return t.lr.errorf(extra.col, "%s: key %q is only allowed on call, enter and exit; %s", ev.Op, extra.s, t.usage(ev.Op))
		}
		return t.lr.errorf(extra.col, "%s: extra operand %q; %s", ev.Op, extra.s, t.usage(ev.Op))
	}
	syms := t.b.Syms()
	if len(rest) > 0 {
		ev.Obj = syms.InternBytes(rest[0].s)
	}
	switch {
	case len(rest) > 1:
		ev.Val = syms.InternBytes(rest[1].s)
	case ev.Op == OpWait:
		ev.Val = ev.Obj // SIGNAL defaults to LOCK, as in Java o.wait()
	}
	return nil
}

// keyOf splits a key=value token whose key is one of the invocation keys.
func keyOf(tok []byte) (key string, ok bool) {
	i := bytes.IndexByte(tok, '=')
	if i < 0 {
		return "", false
	}
	switch k := string(tok[:i]); k {
	case "target", "args", "result":
		return k, true
	}
	return "", false
}

// invocation fills a call/enter/exit: SIGNATURE (one token, or RETTYPE and
// DECLTYPE.NAME(...) as two) and then the key=value tokens.
func (t *textReader) invocation(ev *Event, rest []token) error {
	lr, syms := t.lr, t.b.Syms()
	if len(rest) == 0 || bytes.IndexByte(rest[0].s, '=') >= 0 {
		return lr.errorf(t.sigCol(rest), "%s: missing SIGNATURE; %s", ev.Op, t.usage(ev.Op))
	}
	sig, sigCol, i := rest[0].str(), rest[0].col, 1
	if !strings.Contains(sig, "(") && len(rest) > 1 && bytes.IndexByte(rest[1].s, '(') >= 0 && bytes.IndexByte(rest[1].s, '=') < 0 {
		sig, i = sig+" "+rest[1].str(), 2
	}
	ev.Obj = syms.Intern(sig)
	if _, known := t.b.tr.sigs[ev.Obj]; !known {
		if _, err := ParseSignature(sig); err != nil {
			return lr.errorf(sigCol, "%s", err.Error())
		}
	}
	seen := map[string]bool{}
	for _, tok := range rest[i:] {
		key, ok := keyOf(tok.s)
		if !ok {
			if bytes.IndexByte(tok.s, '=') >= 0 {
				return lr.errorf(tok.col, "%s: unknown key %q; want target=OBJ, args=V1,V2,... or result=V", ev.Op, tok.s)
			}
			return lr.errorf(tok.col, "%s: extra operand %q; %s", ev.Op, tok.s, t.usage(ev.Op))
		}
		if seen[key] {
			return lr.errorf(tok.col, "%s: duplicate key %s=; want each key once", ev.Op, key)
		}
		seen[key] = true
		val := tok.s[len(key)+1:]
		switch key {
		case "target", "result":
			if len(val) == 0 {
				return lr.errorf(tok.col, "%s: empty %s=; want %s=VALUE", ev.Op, key, key)
			}
			if key == "result" && ev.Op == OpEnter {
				return lr.errorf(tok.col, "enter: key result= is only allowed on call and exit (the result is known at the exit)")
			}
			if key == "target" {
				ev.Target = syms.InternBytes(val)
			} else {
				ev.Result = syms.InternBytes(val)
			}
		case "args":
			list, bad := splitArgs(syms, val)
			if bad >= 0 {
				return lr.errorf(tok.col+5+bad, "%s: empty argument in %q; want args=V1,V2,... (args= alone is an empty list)", ev.Op, tok.s)
			}
			ev.Args = t.b.Args(list)
		}
	}
	return nil
}

// sigCol is where a missing signature should have been.
func (t *textReader) sigCol(rest []token) int {
	if len(rest) > 0 {
		return rest[0].col
	}
	return t.endCol()
}

// splitArgs splits an args= list; an empty value is the empty list. It
// returns the byte offset of an empty element, or -1.
func splitArgs(syms *Symbols, val []byte) ([]Sym, int) {
	list := []Sym{}
	if len(val) == 0 {
		return list, -1
	}
	start := 0
	for i := 0; i <= len(val); i++ {
		if i == len(val) || val[i] == ',' {
			if i == start {
				return nil, start
			}
			list = append(list, syms.InternBytes(val[start:i]))
			start = i + 1
		}
	}
	return list, -1
}
