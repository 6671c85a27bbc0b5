package trace

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// maxLineBytes bounds one input line. Real recordings have short lines; the
// bound only stops a corrupt or binary file from being buffered whole.
const maxLineBytes = 16 << 20

// lineReader streams the lines of a line-based input (text, STD, JSONL)
// and knows, for each line, whether it ended with a newline: SPEC 1.2 makes a
// cut-off last line an error, so errors on an unterminated last line say so.
type lineReader struct {
	sc         *bufio.Scanner
	file       string
	line       int
	text       []byte // the current line without "\n" or "\r\n"
	terminated bool   // the current line ended with "\n"
}

func newLineReader(file string, r io.Reader) *lineReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxLineBytes)
	sc.Split(scanLinesWithNewline)
	return &lineReader{sc: sc, file: file}
}

// scanLinesWithNewline is bufio.ScanLines without dropping the newline, so
// that the reader can tell a terminated line from a cut-off one.
func scanLinesWithNewline(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// next advances to the next line; it returns false at the end of input or
// on a read error (see err).
func (l *lineReader) next() bool {
	if !l.sc.Scan() {
		return false
	}
	l.line++
	t := l.sc.Bytes()
	l.terminated = len(t) > 0 && t[len(t)-1] == '\n'
	if l.terminated {
		t = t[:len(t)-1]
	}
	if len(t) > 0 && t[len(t)-1] == '\r' {
		t = t[:len(t)-1]
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

// checkUTF8 rejects a line that is not UTF-8, pointing at the first bad byte.
func (l *lineReader) checkUTF8() error {
	if utf8.Valid(l.text) {
		return nil
	}
	for i := 0; i < len(l.text); {
		r, n := utf8.DecodeRune(l.text[i:])
		if r == utf8.RuneError && n <= 1 {
			return l.errorf(i+1, "invalid UTF-8 byte 0x%02x; want UTF-8 text", l.text[i])
		}
		i += n
	}
	return nil
}
