package trace

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sort"
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
var jsonlOperandKeys = [NumOps]struct{ required, optional []string }{
	OpFork: {[]string{"child"}, nil}, OpJoin: {[]string{"child"}, nil},
	OpRead: {[]string{"var", "value"}, nil}, OpWrite: {[]string{"var", "value"}, nil},
	OpAcquire: {[]string{"lock"}, nil}, OpRelease: {[]string{"lock"}, nil},
	OpWait:   {[]string{"lock"}, []string{"signal"}},
	OpNotify: {[]string{"signal"}, nil}, OpNotifyAll: {[]string{"signal"}, nil},
	OpCall:  {[]string{"sig"}, []string{"target", "args", "result"}},
	OpEnter: {[]string{"sig"}, []string{"target", "args"}},
	OpExit:  {[]string{"sig"}, []string{"target", "args", "result"}},
}

// jsonlDirectiveKeys lists the keys of each directive besides "directive".
var jsonlDirectiveKeys = map[string][]string{
	"init": {"var", "value"}, "volatile": {"var"},
	"type": {"type", "supers"}, "object": {"object", "type"},
}

// jsonlKnownKeys is every key the format has, for "unknown key" errors.
const jsonlKnownKeys = "thread, op, id, loc, var, value, lock, signal, child, sig, target, args, result, directive, type, supers, object"

var jsonlKnown = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range strings.Split(jsonlKnownKeys, ", ") {
		m[k] = true
	}
	return m
}()

// jsonField is one key of a line's object.
type jsonField struct {
	str    string
	list   []string
	isList bool
	col    int // column of the value
	keyCol int
}

// ReadJSONL reads a JSON Lines trace into b.
func ReadJSONL(b *Builder, name string, r io.Reader) error {
	b.AddFile(name)
	lr := newLineReader(name, r)
	jr := jsonlReader{b: b, lr: lr}
	for lr.next() {
		if len(bytes.TrimSpace(lr.text)) == 0 {
			continue
		}
		if err := lr.checkUTF8(); err != nil {
			return err
		}
		fields, err := jr.parseObject()
		if err != nil {
			return err
		}
		if err := jr.item(fields); err != nil {
			return err
		}
	}
	return lr.err()
}

type jsonlReader struct {
	b  *Builder
	lr *lineReader
}

// col turns a byte offset into the line into the column of the next token.
func (j *jsonlReader) col(off int64) int {
	t := j.lr.text
	i := int(off)
	for i < len(t) && (t[i] == ' ' || t[i] == '\t' || t[i] == ':' || t[i] == ',') {
		i++
	}
	return i + 1
}

// tokenError explains a failed json.Decoder.Token.
func (j *jsonlReader) tokenError(dec *json.Decoder, err error) error {
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return j.lr.errorf(len(j.lr.text)+1, "incomplete JSON object; want one complete object per line")
	case errors.As(err, &syn):
		return j.lr.errorf(max(int(syn.Offset), 1), "invalid JSON: %s", syn.Error())
	}
	return j.lr.errorf(j.col(dec.InputOffset()), "invalid JSON: %v", err)
}

// parseObject reads the line as one flat JSON object of strings and arrays
// of strings, keeping the column of each key.
func (j *jsonlReader) parseObject() (map[string]*jsonField, error) {
	dec := json.NewDecoder(bytes.NewReader(j.lr.text))
	tok, err := dec.Token()
	if err != nil {
		return nil, j.tokenError(dec, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, j.lr.errorf(j.col(0), "want a JSON object {...} per line")
	}
	fields := map[string]*jsonField{}
	for dec.More() {
		keyCol := j.col(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, j.tokenError(dec, err)
		}
		key := tok.(string) // inside an object, Token yields keys as strings
		if fields[key] != nil {
			return nil, j.lr.errorf(keyCol, "duplicate key %q; want each key once", key)
		}
		f := &jsonField{keyCol: keyCol, col: j.col(dec.InputOffset())}
		tok, err = dec.Token()
		if err != nil {
			return nil, j.tokenError(dec, err)
		}
		switch v := tok.(type) {
		case string:
			f.str = v
		case json.Delim:
			if v != '[' {
				return nil, j.lr.errorf(f.col, "key %q: want a string or an array of strings", key)
			}
			f.isList, f.list = true, []string{}
			for dec.More() {
				elCol := j.col(dec.InputOffset())
				tok, err := dec.Token()
				if err != nil {
					return nil, j.tokenError(dec, err)
				}
				s, ok := tok.(string)
				if !ok {
					return nil, j.lr.errorf(elCol, "key %q: want an array of strings", key)
				}
				f.list = append(f.list, s)
			}
			if _, err := dec.Token(); err != nil {
				return nil, j.tokenError(dec, err)
			}
		default:
			return nil, j.lr.errorf(f.col, "key %q: want a string (values compare as strings: write \"1\", not 1)", key)
		}
		fields[key] = f
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return nil, j.tokenError(dec, err)
	}
	if off := dec.InputOffset(); len(bytes.TrimSpace(j.lr.text[off:])) > 0 {
		return nil, j.lr.errorf(j.col(off), "extra data after the JSON object; want one object per line")
	}
	return fields, nil
}

// item interprets one parsed object.
func (j *jsonlReader) item(fields map[string]*jsonField) error {
	for _, k := range sortedKeys(fields) {
		if !jsonlKnown[k] {
			return j.lr.errorf(fields[k].keyCol, "unknown key %q; want one of %s", k, jsonlKnownKeys)
		}
	}
	if d, ok := fields["directive"]; ok {
		return j.directive(d, fields)
	}
	return j.event(fields)
}

func sortedKeys(m map[string]*jsonField) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// Report the leftmost offending key first.
	sort.Slice(keys, func(a, b int) bool { return m[keys[a]].keyCol < m[keys[b]].keyCol })
	return keys
}

// allow checks that fields holds exactly the keys of allowed plus required
// (which must be there), explaining against what.
func (j *jsonlReader) allow(fields map[string]*jsonField, what string, required, optional []string) error {
	ok := map[string]bool{}
	for _, k := range append(append([]string(nil), required...), optional...) {
		ok[k] = true
	}
	want := "keys " + strings.Join(required, ", ")
	if len(optional) > 0 {
		want += " (optional: " + strings.Join(optional, ", ") + ")"
	}
	if len(required) == 0 {
		want = "no operand keys"
	}
	for _, k := range sortedKeys(fields) {
		if !ok[k] {
			return j.lr.errorf(fields[k].keyCol, "key %q does not belong to %s; want %s", k, what, want)
		}
	}
	for _, k := range required {
		if _, there := fields[k]; !there {
			return j.lr.errorf(len(j.lr.text)+1, "%s: missing key %q; want %s", what, k, want)
		}
	}
	for k, f := range fields {
		if isList := k == "args" || k == "supers"; f.isList != isList {
			if isList {
				return j.lr.errorf(f.col, "key %q: want an array of strings", k)
			}
			return j.lr.errorf(f.col, "key %q: want a string", k)
		}
	}
	return nil
}

// name checks that s can be a token of the text format and interns it.
func (j *jsonlReader) name(f *jsonField, key string) (Sym, error) {
	if err := textTokenProblem(f.str); err != "" {
		return NoSym, j.lr.errorf(f.col, "key %q: %q %s", key, f.str, err)
	}
	return j.b.Syms().Intern(f.str), nil
}

func (j *jsonlReader) directive(d *jsonField, fields map[string]*jsonField) error {
	if d.isList {
		return j.lr.errorf(d.col, "key \"directive\": want a string")
	}
	keys, ok := jsonlDirectiveKeys[d.str]
	if !ok {
		return j.lr.errorf(d.col, "unknown directive %q; want init, volatile, type or object", d.str)
	}
	delete(fields, "directive")
	if err := j.allow(fields, "directive "+d.str, keys, nil); err != nil {
		return err
	}
	syms := make(map[string]Sym, len(fields))
	for k, f := range fields {
		if f.isList {
			continue
		}
		s, err := j.name(f, k)
		if err != nil {
			return err
		}
		syms[k] = s
	}
	b := j.b
	switch d.str {
	case "init":
		if old, ok := b.tr.Init[syms["var"]]; ok && old != syms["value"] {
			return j.lr.errorf(fields["value"].col, "init %s %s conflicts with an earlier init %s %s", fields["var"].str, fields["value"].str, fields["var"].str, b.tr.Str(old))
		}
		b.Init(syms["var"], syms["value"])
	case "volatile":
		b.Volatile(syms["var"])
	case "type":
		supers := fields["supers"]
		if len(supers.list) == 0 {
			return j.lr.errorf(supers.col, "key \"supers\": want at least one supertype")
		}
		for _, s := range supers.list {
			if err := textTokenProblem(s); err != "" {
				return j.lr.errorf(supers.col, "key \"supers\": %q %s", s, err)
			}
		}
		b.Type(fields["type"].str, supers.list)
	case "object":
		if old, ok := b.tr.Objects[syms["object"]]; ok && old != syms["type"] {
			return j.lr.errorf(fields["type"].col, "object %s : %s conflicts with an earlier object %s : %s", fields["object"].str, fields["type"].str, fields["object"].str, b.tr.Str(old))
		}
		b.Object(syms["object"], syms["type"])
	}
	return nil
}

func (j *jsonlReader) event(fields map[string]*jsonField) error {
	lr, b := j.lr, j.b
	thread, ok := fields["thread"]
	if !ok {
		return lr.errorf(1, "missing key \"thread\"; want an event {\"thread\": …, \"op\": …} or a directive {\"directive\": …}")
	}
	opf, ok := fields["op"]
	if !ok {
		return lr.errorf(1, "missing key \"op\"; want an event {\"thread\": …, \"op\": …}")
	}
	for _, k := range []string{"thread", "op", "id", "loc"} {
		if f, ok := fields[k]; ok && f.isList {
			return lr.errorf(f.col, "key %q: want a string", k)
		}
	}
	op, ok := ParseOp(opf.str)
	if !ok {
		return lr.errorf(opf.col, "unknown op %q; want one of %s", opf.str, opList)
	}
	switch thread.str {
	case "init", "volatile", "type", "object":
		return lr.errorf(thread.col, "thread name %q is a directive keyword of the text format; want another name", thread.str)
	}
	tsym, err := j.name(thread, "thread")
	if err != nil {
		return err
	}
	ev := Event{Op: op}
	if f, ok := fields["loc"]; ok {
		if ev.Loc, err = j.name(f, "loc"); err != nil {
			return err
		}
	}
	pos := lr.pos(opf.col)
	if f, ok := fields["id"]; ok {
		want := FormatID(thread.str, uint32(b.nextIndex(tsym)))
		if f.str != want {
			return lr.errorf(f.col, "id %q does not match the event's place in its thread; want %q", f.str, want)
		}
	}
	for _, k := range []string{"thread", "op", "id", "loc"} {
		delete(fields, k)
	}
	keys := jsonlOperandKeys[op]
	if err := j.allow(fields, op.String(), keys.required, keys.optional); err != nil {
		return err
	}
	str := func(k string) (Sym, error) { return j.name(fields[k], k) }
	switch op {
	case OpFork, OpJoin:
		ev.Obj, err = str("child")
	case OpRead, OpWrite:
		if ev.Obj, err = str("var"); err == nil {
			ev.Val, err = str("value")
		}
	case OpAcquire, OpRelease:
		ev.Obj, err = str("lock")
	case OpWait:
		if ev.Obj, err = str("lock"); err == nil {
			ev.Val = ev.Obj
			if _, ok := fields["signal"]; ok {
				ev.Val, err = str("signal")
			}
		}
	case OpNotify, OpNotifyAll:
		ev.Obj, err = str("signal")
	case OpCall, OpEnter, OpExit:
		err = j.invocation(&ev, fields)
	}
	if err != nil {
		return err
	}
	return b.Event(pos, tsym, ev)
}

func (j *jsonlReader) invocation(ev *Event, fields map[string]*jsonField) error {
	sig := fields["sig"]
	parts := strings.Split(sig.str, " ")
	bad := len(parts) > 2 || strings.Contains(sig.str, "=")
	for _, p := range parts {
		bad = bad || textTokenProblem(p) != ""
	}
	if bad {
		return j.lr.errorf(sig.col, "key \"sig\": %q: want [RETTYPE ]DECLTYPE.NAME(PARAMTYPE,...) with one space at most and no tabs, '#' or '='", sig.str)
	}
	if _, err := ParseSignature(sig.str); err != nil {
		return j.lr.errorf(sig.col, "key \"sig\": %v", err)
	}
	ev.Obj = j.b.Syms().Intern(sig.str)
	var err error
	if _, ok := fields["target"]; ok {
		if ev.Target, err = j.name(fields["target"], "target"); err != nil {
			return err
		}
	}
	if _, ok := fields["result"]; ok {
		if ev.Result, err = j.name(fields["result"], "result"); err != nil {
			return err
		}
	}
	if f, ok := fields["args"]; ok {
		list := make([]Sym, 0, len(f.list))
		for _, a := range f.list {
			if p := textTokenProblem(a); p != "" || strings.Contains(a, ",") {
				if p == "" {
					p = "contains ','"
				}
				return j.lr.errorf(f.col, "key \"args\": %q %s", a, p)
			}
			list = append(list, j.b.Syms().Intern(a))
		}
		ev.Args = j.b.Args(list)
	}
	return nil
}
