package diag

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxLineBytes is the longest source line Render shows. A spec refuses
// longer lines (code line-too-long), so one is never worth a screenful.
const MaxLineBytes = 16 << 10

// Render writes e with the source line of its position and a caret
// under it:
//
//	props/race.gp:12:7: error: undeclared event 'aquire' in pattern (did you mean 'acquire'?)
//	   pattern: aquire(t1) || release(t2)
//	            ^~~~~~
//
// src is the content of e.Pos.File; without it (or without a line) only
// the header is written. Columns count characters; the caret line repeats
// the tabs of the source line so that it stays aligned in any tab width.
// Notes follow, a line each.
func (e *Error) Render(src []byte) string {
	var b strings.Builder
	e.writeHeader(&b)
	b.WriteByte('\n')
	if line, ok := sourceLine(src, e.Pos); ok {
		writeCaret(&b, line, e.Pos, e.End)
	}
	for _, n := range e.Notes {
		writeNote(&b, n)
		b.WriteByte('\n')
	}
	return b.String()
}

func writeCaret(b *strings.Builder, line string, start, end Pos) {
	b.WriteString("   ")
	b.WriteString(line)
	b.WriteString("\n   ")
	col := 1
	for _, r := range line {
		if col >= start.Col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		col++
	}
	b.WriteByte('^')
	// The rest of the range on this line, at least the caret itself.
	width := 1
	if end.Line == start.Line {
		width = end.Col - start.Col
	} else if end.Line > start.Line {
		width = utf8.RuneCountInString(line) - start.Col + 1
	}
	for i := 1; i < width; i++ {
		b.WriteByte('~')
	}
	b.WriteByte('\n')
}

// sourceLine returns the text of the line holding p (without its line
// terminator), checking that p is on it.
func sourceLine(src []byte, p Pos) (string, bool) {
	if p.Line < 1 || p.Offset < 0 || p.Offset > int64(len(src)) {
		return "", false
	}
	off := int(p.Offset)
	// Byte searches, not string conversions: converting the text before
	// the position made rendering each diagnostic cost the whole file.
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := len(src)
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		end = off + i
	}
	if n := len(bytes.TrimSuffix(src[start:end], []byte("\r"))); n > MaxLineBytes {
		return "", false
	}
	line := strings.TrimSuffix(string(src[start:end]), "\r")
	if !utf8.ValidString(line) {
		line = strings.ToValidUTF8(line, "\uFFFD")
	}
	// A control character would be sent to the terminal as is: show it as
	// U+FFFD, one rune for one, so that the caret stays aligned.
	line = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && r != '\t' {
			return '\uFFFD'
		}
		return r
	}, line)
	return line, true
}
