package trace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"
)

// maxLineBytes bounds one input line. Real recordings have short lines; the
// bound only stops a corrupt or binary file from being buffered whole.
const maxLineBytes = 16 << 20

// lineReader streams the lines of a line-based input (text, STD, JSONL) and
// knows, for each line, whether it ended with a line end:
// docs/trace-format.md makes a cut-off last line an error, so errors on an
// unterminated last line say so. A line ends with "\n", "\r\n" or a lone
// "\r" (files saved by old Mac editors): each counts as one line, so that
// positions match what an editor shows, and no line end is ever taken for
// part of a line.
type lineReader struct {
	sc         *bufio.Scanner
	file       string
	line       int
	text       []byte // the current line without its line end
	terminated bool   // the current line ended with a line end
}

func newLineReader(file string, r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	sc.Split(scanLinesWithNewline)
	return &lineReader{sc: sc, file: file}
}

// scanLinesWithNewline splits at "\n", "\r\n" and a lone "\r", keeping the
// line end in the token so that the reader can tell a terminated line from
// a cut-off one.
func scanLinesWithNewline(data []byte, atEOF bool) (int, []byte, error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i < 0:
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	case data[i] == '\n':
		return i + 1, data[:i+1], nil
	case i+1 < len(data) && data[i+1] == '\n':
		return i + 2, data[:i+2], nil
	case i+1 == len(data) && !atEOF:
		return 0, nil, nil // a "\n" may follow in the next read
	}
	return i + 1, data[:i+1], nil
}

// next advances to the next line; it returns false at the end of input or
// on a read error (see err).
func (l *lineReader) next() bool {
	if !l.sc.Scan() {
		return false
	}
	l.line++
	t := l.sc.Bytes()
	l.terminated = false
	if len(t) > 0 && t[len(t)-1] == '\n' {
		t, l.terminated = t[:len(t)-1], true
	}
	if len(t) > 0 && t[len(t)-1] == '\r' {
		t, l.terminated = t[:len(t)-1], true
	}
	l.text = t
	return true
}

// err is the read error that stopped next, if any, as a positioned error.
func (l *lineReader) err() error {
	err := l.sc.Err()
	if errors.Is(err, bufio.ErrTooLong) {
		return errorf(Pos{File: l.file, Line: l.line + 1, Col: 1}, "line longer than %d bytes; want one item per line", maxLineBytes)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", l.file, err)
	}
	return nil
}

// pos is the position of column col (1-based, in bytes) of the current line.
func (l *lineReader) pos(col int) Pos { return Pos{File: l.file, Line: l.line, Col: col} }

// errorf reports a syntax error at column col of the current line. On a last
// line without newline it adds that the file looks cut off, since that is
// the likely cause of an incomplete item there.
func (l *lineReader) errorf(col int, format string, args ...any) *Error {
	e := errorf(l.pos(col), format, args...)
	if !l.terminated {
		e.Msg += " (the last line has no newline: is the file cut off?)"
	}
	return e
}

// checkText rejects a line that is not UTF-8 or that holds a control
// character (NUL, ESC, DEL, the C1 range, ...; tabs and the other white
// space the formats allow as separators are fine), pointing at the first bad
// byte. Names with control characters cannot be shown or written back, and
// a NUL on the first line usually means a binary file, so the message then
// says what to do if it is a RapidBin recording.
func (l *lineReader) checkText() error {
	for i := 0; i < len(l.text); {
		c := l.text[i]
		if c < utf8.RuneSelf {
			if isControl(rune(c)) {
				return l.errorf(i+1, "%s; want printable text%s", describeControl(rune(c)), binaryHint(c == 0 && l.line == 1))
			}
			i++
			continue
		}
		r, n := utf8.DecodeRune(l.text[i:])
		if r == utf8.RuneError && n <= 1 {
			return l.errorf(i+1, "invalid UTF-8 byte 0x%02x; want UTF-8 text", c)
		}
		if isControl(r) {
			return l.errorf(i+1, "%s; want printable text", describeControl(r))
		}
		i += n
	}
	return nil
}

// isControl reports whether r is a control character that no line of a
// trace may hold: every Unicode control character except the white space
// that separates tokens (tab, vertical tab, form feed).
func isControl(r rune) bool {
	return unicode.IsControl(r) && r != '\t' && r != '\v' && r != '\f'
}

// describeControl names a control character for messages.
func describeControl(r rune) string {
	if r == 0 {
		return "control character U+0000 (NUL)"
	}
	return fmt.Sprintf("control character %U", r)
}

// binaryHint is the advice appended when a line looks binary.
func binaryHint(binary bool) string {
	if !binary {
		return ""
	}
	return " (if this is a RapidBin recording, name it .data or pass --input-format rapidbin)"
}
