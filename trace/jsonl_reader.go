package trace

import (
	"bytes"
	"io"
	"strings"
)

// The JSON Lines format (docs/trace-format.md): one object per line, either
// an event {"thread": …, "op": …, operand keys…} or a directive
// {"directive": …, …}. Every value is a JSON string, except "args" and
// "supers", which are arrays of strings. The reader is strict: an unknown
// key, a key that does not belong to the op, a missing key, or a value that
// the text format could not hold is an error, so every JSONL trace
// converts to the text format and back.

// jsonlOperandKeys lists, per op, the required and the optional operand keys.
var jsonlOperandKeys = [NumOps]struct{ required, optional []jsonKey }{
	OpFork: {[]jsonKey{kChild}, nil}, OpJoin: {[]jsonKey{kChild}, nil},
	OpRead: {[]jsonKey{kVar, kValue}, nil}, OpWrite: {[]jsonKey{kVar, kValue}, nil},
	OpAcquire: {[]jsonKey{kLock}, nil}, OpRelease: {[]jsonKey{kLock}, nil},
	OpRAcquire: {[]jsonKey{kLock}, nil}, OpRRelease: {[]jsonKey{kLock}, nil},
	OpRequest: {[]jsonKey{kLock}, nil}, OpRRequest: {[]jsonKey{kLock}, nil},
	OpWait:   {[]jsonKey{kLock}, []jsonKey{kSignal}},
	OpNotify: {[]jsonKey{kSignal}, nil}, OpNotifyAll: {[]jsonKey{kSignal}, nil},
	OpSend: {[]jsonKey{kChan, kValue}, []jsonKey{kSelect}}, OpRecv: {[]jsonKey{kChan, kValue}, []jsonKey{kSelect}},
	OpRecvClosed: {[]jsonKey{kChan}, []jsonKey{kSelect}}, OpClose: {[]jsonKey{kChan}, nil}, OpRecvWait: {[]jsonKey{kChan}, nil},
	OpDefault: {[]jsonKey{kSelect}, nil}, OpLatchWait: {[]jsonKey{kLatch}, nil},
	OpCall:  {[]jsonKey{kSig}, []jsonKey{kTarget, kArgs, kResult}},
	OpEnter: {[]jsonKey{kSig}, []jsonKey{kTarget, kArgs}},
	OpExit:  {[]jsonKey{kSig}, []jsonKey{kTarget, kArgs, kResult}},
}

// jsonlEventKeys may appear on every event.
var jsonlEventKeys = []jsonKey{kThread, kOp, kID, kLoc, kStack}

// jsonlDirectiveKeys lists the keys of each directive besides "directive".
var jsonlDirectiveKeys = map[string][]jsonKey{
	"init": {kVar, kValue}, "volatile": {kVar},
	"type": {kType, kSupers}, "object": {kObject, kType},
	"hb": {kFrom, kTo}, "lock": {kLock, kKind},
	"stack": {kStack, kFrames}, "chan": {kChan, kCap},
	"select": {kSelect, kCases},
}

// jsonlKnownKeys is every key of the format, for "unknown key" errors.
var jsonlKnownKeys = strings.Join(jsonlKeys[:], ", ")

// ReadJSONL reads a JSON Lines trace into b.
func ReadJSONL(b *Builder, name string, r io.Reader) error {
	b.AddFile(name)
	lr := newLineReader(name, r)
	jr := jsonlReader{b: b, lr: lr, sc: jsonScanner{lr: lr}}
	for lr.next() {
		if err := lr.checkText(); err != nil {
			return err
		}
		if len(bytes.TrimSpace(lr.text)) == 0 {
			continue
		}
		if err := jr.sc.scan(lr.text); err != nil {
			return lr.hint(err, FormatJSONL)
		}
		if err := jr.item(&jr.sc.obj); err != nil {
			return lr.hint(err, FormatJSONL)
		}
	}
	return lr.err()
}

type jsonlReader struct {
	b  *Builder
	lr *lineReader
	sc jsonScanner
}

func (j *jsonlReader) item(obj *jsonObject) error {
	if d := &obj[kDirective]; d.present {
		return j.directive(d, obj)
	}
	return j.event(obj)
}

// allow checks that obj holds all of required, and otherwise only keys of
// optional or of extra (keys checked elsewhere), with the right shapes.
func (j *jsonlReader) allow(obj *jsonObject, what string, required, optional, extra []jsonKey) error {
	var ok [numJSONKeys]bool
	for _, list := range [][]jsonKey{required, optional, extra} {
		for _, k := range list {
			ok[k] = true
		}
	}
	want := "no operand keys"
	if len(required) > 0 {
		want = "keys " + joinKeys(required)
		if len(optional) > 0 {
			want += " (optional: " + joinKeys(optional) + ")"
		}
	}
	// Report the leftmost offending key first.
	var bad *jsonField
	var badKey jsonKey
	for k := range obj {
		if f := &obj[k]; f.present && !ok[k] && (bad == nil || f.keyCol < bad.keyCol) {
			bad, badKey = f, jsonKey(k)
		}
	}
	if bad != nil {
		return j.lr.errorf(bad.keyCol, "key %q does not belong to %s; want %s", badKey, what, want)
	}
	for _, k := range required {
		if !obj[k].present {
			return j.lr.errorf(len(j.lr.text)+1, "%s: missing key %q; want %s", what, k, want)
		}
	}
	for k := range obj {
		f := &obj[k]
		if isList := jsonKey(k) == kArgs || jsonKey(k) == kSupers || jsonKey(k) == kFrames || jsonKey(k) == kCases; f.present && f.isList != isList {
			if isList {
				return j.lr.errorf(f.col, "key %q: want an array of strings", jsonKey(k))
			}
			return j.lr.errorf(f.col, "key %q: want a string", jsonKey(k))
		}
	}
	return nil
}

func joinKeys(keys []jsonKey) string {
	names := make([]string, len(keys))
	for i, k := range keys {
		names[i] = k.String()
	}
	return strings.Join(names, ", ")
}

// name checks that key's value can be a token of the text format and
// interns it.
func (j *jsonlReader) name(obj *jsonObject, k jsonKey) (Sym, error) {
	f := &obj[k]
	if err := textTokenProblem(string(f.str)); err != "" {
		return NoSym, j.lr.errorf(f.col, "key %q: %q %s", k, f.str, err)
	}
	return j.b.Syms().InternBytes(f.str), nil
}

// embedded checks a value the text format writes after a prefix
// (target=, result=, @) and interns it.
func (j *jsonlReader) embedded(f *jsonField, k jsonKey, s []byte) (Sym, error) {
	if p := embeddedProblem(string(s)); p != "" {
		return NoSym, j.lr.errorf(f.col, "key %q: %q %s", k, s, p)
	}
	return j.b.Syms().InternBytes(s), nil
}

func (j *jsonlReader) directive(d *jsonField, obj *jsonObject) error {
	if d.isList {
		return j.lr.errorf(d.col, "key \"directive\": want a string")
	}
	kind := string(d.str)
	keys, ok := jsonlDirectiveKeys[kind]
	if !ok {
		return j.lr.errorf(d.col, "unknown directive %q; want init, volatile, type, object, hb, lock, stack, chan or select", d.str)
	}
	if err := j.allow(obj, "directive "+kind, keys, nil, []jsonKey{kDirective}); err != nil {
		return err
	}
	if kind == "hb" {
		for _, k := range keys {
			if _, _, err := SplitID(string(obj[k].str)); err != nil {
				return j.lr.errorf(obj[k].col, "key %q: %v", k, err)
			}
		}
		j.b.HB(j.lr.pos(obj[kFrom].col), j.lr.pos(obj[kTo].col), string(obj[kFrom].str), string(obj[kTo].str))
		return nil
	}
	var syms [numJSONKeys]Sym
	if kind == "lock" {
		k, ok := ParseLockKind(string(obj[kKind].str))
		if !ok {
			return j.lr.errorf(obj[kKind].col, "key \"kind\": unknown lock kind %q; want %s", obj[kKind].str, LockKinds)
		}
		l, err := j.name(obj, kLock)
		if err != nil {
			return err
		}
		return j.b.LockKind(j.lr.pos(obj[kKind].col), l, k)
	}
	if kind == "chan" {
		n, ok := ParseCap(string(obj[kCap].str))
		if !ok {
			return j.lr.errorf(obj[kCap].col, "key \"cap\": capacity %q is not a number; want a decimal number (0: unbuffered)", obj[kCap].str)
		}
		ch, err := j.name(obj, kChan)
		if err != nil {
			return err
		}
		return j.b.ChanCap(j.lr.pos(obj[kCap].col), ch, n)
	}
	for _, k := range keys {
		if k != kSupers && k != kFrames && k != kCases {
			s, err := j.name(obj, k)
			if err != nil {
				return err
			}
			syms[k] = s
		}
	}
	b := j.b
	switch kind {
	case "init":
		if old, ok := b.tr.Init[syms[kVar]]; ok && old != syms[kValue] {
			return j.lr.errorf(obj[kValue].col, "init %s %s conflicts with an earlier init %s %s", obj[kVar].str, obj[kValue].str, obj[kVar].str, b.tr.Str(old))
		}
		b.Init(syms[kVar], syms[kValue])
	case "volatile":
		b.Volatile(syms[kVar])
	case "type":
		supers := &obj[kSupers]
		if len(supers.list) == 0 {
			return j.lr.errorf(supers.col, "key \"supers\": want at least one supertype")
		}
		names := make([]string, len(supers.list))
		for i, s := range supers.list {
			if err := textTokenProblem(string(s)); err != "" {
				return j.lr.errorf(supers.col, "key \"supers\": %q %s", s, err)
			}
			names[i] = string(s)
		}
		b.Type(string(obj[kType].str), names)
	case "object":
		if old, ok := b.tr.Objects[syms[kObject]]; ok && old != syms[kType] {
			return j.lr.errorf(obj[kType].col, "object %s : %s conflicts with an earlier object %s : %s", obj[kObject].str, obj[kType].str, obj[kObject].str, b.tr.Str(old))
		}
		b.Object(syms[kObject], syms[kType])
	case "stack":
		fs := &obj[kFrames]
		if len(fs.list) == 0 {
			return j.lr.errorf(fs.col, "key \"frames\": want at least one frame")
		}
		frames := make([]Frame, len(fs.list))
		for i, s := range fs.list {
			if err := textTokenProblem(string(s)); err != "" {
				return j.lr.errorf(fs.col, "key \"frames\": %q %s", s, err)
			}
			f, err := ParseFrame(string(s))
			if err != nil {
				return j.lr.errorf(fs.col, "key \"frames\": %v", err)
			}
			frames[i] = f
		}
		return b.DefineStack(j.lr.pos(obj[kStack].col), syms[kStack], frames)
	case "select":
		cs := &obj[kCases]
		if len(cs.list) == 0 {
			return j.lr.errorf(cs.col, "key \"cases\": want at least one case")
		}
		sel := &Select{}
		for _, c := range cs.list {
			if err := b.SelectCaseOf(sel, string(c)); err != nil {
				return j.lr.errorf(cs.col, "key \"cases\": %v", err)
			}
		}
		return b.DefineSelect(j.lr.pos(obj[kSelect].col), syms[kSelect], sel)
	}
	return nil
}

func (j *jsonlReader) event(obj *jsonObject) error {
	lr, b := j.lr, j.b
	if !obj[kThread].present {
		return lr.errorf(1, "missing key \"thread\"; want an event {\"thread\": …, \"op\": …} or a directive {\"directive\": …}")
	}
	if !obj[kOp].present {
		return lr.errorf(1, "missing key \"op\"; want an event {\"thread\": …, \"op\": …}")
	}
	for _, k := range jsonlEventKeys {
		if f := &obj[k]; f.present && f.isList {
			return lr.errorf(f.col, "key %q: want a string", k)
		}
	}
	opf, thread := &obj[kOp], &obj[kThread]
	op, ok := ParseOp(string(opf.str))
	if !ok {
		return lr.errorf(opf.col, "unknown op %q; want one of %s", opf.str, opList)
	}
	if isDirective(string(thread.str)) {
		return lr.errorf(thread.col, "thread name %q is a directive keyword of the text format; want another name", thread.str)
	}
	tsym, err := j.name(obj, kThread)
	if err != nil {
		return err
	}
	keys := jsonlOperandKeys[op]
	if err := j.allow(obj, op.String(), keys.required, keys.optional, jsonlEventKeys); err != nil {
		return err
	}
	ev := Event{Op: op}
	if f := &obj[kLoc]; f.present {
		if ev.Loc, err = j.embedded(f, kLoc, f.str); err != nil {
			return err
		}
	}
	if f := &obj[kID]; f.present {
		want := FormatID(string(thread.str), uint32(b.nextIndex(tsym)))
		if string(f.str) != want {
			return lr.errorf(f.col, "id %q does not match the event's place in its thread; want %q", f.str, want)
		}
	}
	str := func(k jsonKey) (Sym, error) { return j.name(obj, k) }
	switch op {
	case OpFork, OpJoin:
		ev.Obj, err = str(kChild)
	case OpRead, OpWrite:
		if ev.Obj, err = str(kVar); err == nil {
			ev.Val, err = str(kValue)
		}
	case OpAcquire, OpRelease, OpRAcquire, OpRRelease, OpRequest, OpRRequest:
		ev.Obj, err = str(kLock)
	case OpWait:
		if ev.Obj, err = str(kLock); err == nil {
			ev.Val = ev.Obj
			if obj[kSignal].present {
				ev.Val, err = str(kSignal)
			}
		}
	case OpNotify, OpNotifyAll:
		ev.Obj, err = str(kSignal)
	case OpSend, OpRecv:
		if ev.Obj, err = str(kChan); err == nil {
			ev.Val, err = str(kValue)
		}
	case OpRecvClosed, OpClose, OpRecvWait:
		ev.Obj, err = str(kChan)
	case OpDefault:
		ev.Obj, err = str(kSelect)
	case OpLatchWait:
		ev.Obj, err = str(kLatch)
	case OpCall, OpEnter, OpExit:
		err = j.invocation(&ev, obj)
	}
	if f := &obj[kSelect]; err == nil && f.present && op != OpDefault {
		ev.Target, err = str(kSelect)
	}
	if err != nil {
		return err
	}
	if f := &obj[kStack]; f.present {
		stack, err := j.name(obj, kStack)
		if err != nil {
			return err
		}
		return b.EventWithStack(lr.pos(opf.col), tsym, ev, stack)
	}
	return b.Event(lr.pos(opf.col), tsym, ev)
}

func (j *jsonlReader) invocation(ev *Event, obj *jsonObject) error {
	sig := &obj[kSig]
	s := string(sig.str)
	parts := strings.Split(s, " ")
	bad := len(parts) > 2 || strings.Contains(s, "=")
	for _, p := range parts {
		bad = bad || textTokenProblem(p) != ""
	}
	if bad {
		return j.lr.errorf(sig.col, "key \"sig\": %q: want [RETTYPE ]DECLTYPE.NAME(PARAMTYPE,...) with one space at most and no tabs, '#' or '='", s)
	}
	if _, err := ParseSignature(s); err != nil {
		return j.lr.errorf(sig.col, "key \"sig\": %v", err)
	}
	ev.Obj = j.b.Syms().Intern(s)
	var err error
	if f := &obj[kTarget]; f.present {
		if ev.Target, err = j.embedded(f, kTarget, f.str); err != nil {
			return err
		}
	}
	if f := &obj[kResult]; f.present {
		if ev.Result, err = j.embedded(f, kResult, f.str); err != nil {
			return err
		}
	}
	if f := &obj[kArgs]; f.present {
		list := make([]Sym, 0, len(f.list))
		for _, a := range f.list {
			if bytes.IndexByte(a, ',') >= 0 {
				return j.lr.errorf(f.col, "key \"args\": %q contains ','; want values without ','", a)
			}
			s, err := j.embedded(f, kArgs, a)
			if err != nil {
				return err
			}
			list = append(list, s)
		}
		ev.Args = j.b.Args(list)
	}
	return nil
}
