package trace

import (
	"unicode/utf16"
	"unicode/utf8"
)

// A small strict scanner for the one shape of JSON the JSONL format uses: a
// flat object whose values are strings or arrays of strings. It is
// hand-written rather than encoding/json because it must report the column
// of every offending key or value and because a general decoder costs
// about a hundred allocations per line, which dominates reading large
// traces.

// jsonlKeys are the keys of the format; a jsonKey indexes it.
var jsonlKeys = [...]string{
	"thread", "op", "id", "loc", "var", "value", "lock", "signal", "child",
	"sig", "target", "args", "result", "directive", "type", "supers", "object",
	"from", "to", "kind", "stack", "frames", "chan", "cap", "select", "cases",
	"latch",
}

type jsonKey uint8

const (
	kThread jsonKey = iota
	kOp
	kID
	kLoc
	kVar
	kValue
	kLock
	kSignal
	kChild
	kSig
	kTarget
	kArgs
	kResult
	kDirective
	kType
	kSupers
	kObject
	kFrom
	kTo
	kKind
	kStack
	kFrames
	kChan
	kCap
	kSelect
	kCases
	kLatch
	numJSONKeys
)

func (k jsonKey) String() string { return jsonlKeys[k] }

// jsonField is one key of a line's object.
type jsonField struct {
	present bool
	isList  bool
	str     []byte   // the decoded string (may alias the line)
	list    [][]byte // the decoded array elements
	col     int      // column of the value
	keyCol  int      // column of the key
}

// jsonObject holds the keys of one line, indexed by jsonKey.
type jsonObject [numJSONKeys]jsonField

// jsonScanner scans one line.
type jsonScanner struct {
	lr  *lineReader
	s   []byte
	i   int
	obj jsonObject
}

func (sc *jsonScanner) skipSpace() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\r', '\n':
			sc.i++
		default:
			return
		}
	}
}

// fail reports a syntax error at the current byte, or an incomplete object
// at the end of the line.
func (sc *jsonScanner) fail(want string) error {
	if sc.i >= len(sc.s) {
		return sc.lr.errorf(len(sc.s)+1, "incomplete JSON object; want %s, and one complete object per line", want)
	}
	return sc.lr.errorf(sc.i+1, "invalid JSON: unexpected %s; want %s", describeByte(sc.s[sc.i]), want)
}

func describeByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(c) + "'"
	}
	return "byte 0x" + string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
}

// scan parses the line into sc.obj.
func (sc *jsonScanner) scan(line []byte) error {
	sc.s, sc.i, sc.obj = line, 0, jsonObject{}
	sc.skipSpace()
	if sc.i >= len(sc.s) || sc.s[sc.i] != '{' {
		if sc.i < len(sc.s) {
			return sc.lr.errorf(sc.i+1, "want a JSON object {...} per line")
		}
		return sc.fail("'{'")
	}
	sc.i++
	sc.skipSpace()
	if sc.i < len(sc.s) && sc.s[sc.i] == '}' {
		sc.i++
		return sc.end()
	}
	for {
		sc.skipSpace()
		keyCol := sc.i + 1
		if sc.i >= len(sc.s) || sc.s[sc.i] != '"' {
			return sc.fail("a key in double quotes")
		}
		key, err := sc.str()
		if err != nil {
			return err
		}
		k := lookupJSONKey(key)
		if k == numJSONKeys {
			return sc.lr.errorf(keyCol, "unknown key %q; want one of %s", key, jsonlKnownKeys)
		}
		if sc.obj[k].present {
			return sc.lr.errorf(keyCol, "duplicate key %q; want each key once", key)
		}
		sc.skipSpace()
		if sc.i >= len(sc.s) || sc.s[sc.i] != ':' {
			return sc.fail("':' after the key")
		}
		sc.i++
		sc.skipSpace()
		f := &sc.obj[k]
		f.present, f.keyCol, f.col = true, keyCol, sc.i+1
		if err := sc.value(k, f); err != nil {
			return err
		}
		sc.skipSpace()
		if sc.i < len(sc.s) && sc.s[sc.i] == ',' {
			sc.i++
			continue
		}
		if sc.i < len(sc.s) && sc.s[sc.i] == '}' {
			sc.i++
			return sc.end()
		}
		return sc.fail("',' or '}'")
	}
}

// end checks that nothing but white space follows the object.
func (sc *jsonScanner) end() error {
	sc.skipSpace()
	if sc.i < len(sc.s) {
		return sc.lr.errorf(sc.i+1, "extra data after the JSON object; want one object per line")
	}
	return nil
}

func lookupJSONKey(key []byte) jsonKey {
	for k, name := range jsonlKeys {
		if string(key) == name {
			return jsonKey(k)
		}
	}
	return numJSONKeys
}

// value parses a string or an array of strings.
func (sc *jsonScanner) value(k jsonKey, f *jsonField) error {
	if sc.i >= len(sc.s) {
		return sc.fail("a value")
	}
	switch c := sc.s[sc.i]; {
	case c == '"':
		s, err := sc.str()
		f.str = s
		return err
	case c == '[':
		sc.i++
		f.isList, f.list = true, [][]byte{}
		sc.skipSpace()
		if sc.i < len(sc.s) && sc.s[sc.i] == ']' {
			sc.i++
			return nil
		}
		for {
			sc.skipSpace()
			if sc.i < len(sc.s) && sc.s[sc.i] != '"' {
				return sc.lr.errorf(sc.i+1, "key %q: want an array of strings", k)
			}
			if sc.i >= len(sc.s) {
				return sc.fail("a string")
			}
			s, err := sc.str()
			if err != nil {
				return err
			}
			f.list = append(f.list, s)
			sc.skipSpace()
			if sc.i < len(sc.s) && sc.s[sc.i] == ',' {
				sc.i++
				continue
			}
			if sc.i < len(sc.s) && sc.s[sc.i] == ']' {
				sc.i++
				return nil
			}
			return sc.fail("',' or ']'")
		}
	case c == '-' || c >= '0' && c <= '9':
		return sc.lr.errorf(f.col, "key %q: want a string (values compare as strings: write \"1\", not 1)", k)
	case c == '{' || c == 't' || c == 'f' || c == 'n':
		return sc.lr.errorf(f.col, "key %q: want a string or an array of strings", k)
	}
	return sc.fail("a value")
}

// str parses a JSON string starting at the opening quote. Without escapes
// the result aliases the line.
func (sc *jsonScanner) str() ([]byte, error) {
	start := sc.i + 1
	i := start
	for i < len(sc.s) {
		switch c := sc.s[i]; {
		case c == '"':
			sc.i = i + 1
			return sc.s[start:i], nil
		case c == '\\':
			return sc.escaped(start)
		case c < 0x20:
			sc.i = i
			return nil, sc.fail("no control characters inside a string")
		}
		i++
	}
	sc.i = len(sc.s)
	return nil, sc.fail("'\"' closing the string")
}

// escaped decodes a string with escapes into a new slice.
func (sc *jsonScanner) escaped(start int) ([]byte, error) {
	var out []byte
	i := start
	for i < len(sc.s) {
		c := sc.s[i]
		switch {
		case c == '"':
			sc.i = i + 1
			return out, nil
		case c < 0x20:
			sc.i = i
			return nil, sc.fail("no control characters inside a string")
		case c != '\\':
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(sc.s) {
			sc.i = len(sc.s)
			return nil, sc.fail("an escape sequence")
		}
		e := sc.s[i+1]
		i += 2
		switch e {
		case '"', '\\', '/':
			out = append(out, e)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n := sc.hex4(i)
			if n < 0 {
				sc.i = i
				return nil, sc.fail("four hex digits after \\u")
			}
			i += n
			if utf16.IsSurrogate(r) {
				r2, n2 := rune(-1), -1
				if i+1 < len(sc.s) && sc.s[i] == '\\' && sc.s[i+1] == 'u' {
					r2, n2 = sc.hex4(i + 2)
				}
				if dec := utf16.DecodeRune(r, r2); n2 >= 0 && dec != utf8.RuneError {
					r, i = dec, i+2+n2
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			sc.i = i - 1
			return nil, sc.fail("an escape \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX")
		}
	}
	sc.i = len(sc.s)
	return nil, sc.fail("'\"' closing the string")
}

// hex4 reads four hex digits at i; n is -1 if there are none.
func (sc *jsonScanner) hex4(i int) (r rune, n int) {
	if i+4 > len(sc.s) {
		return 0, -1
	}
	for _, c := range sc.s[i : i+4] {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, -1
		}
		r = r<<4 | rune(d)
	}
	return r, 4
}
