package spec

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"

	"gpredict/internal/diag"
)

// maxLineBytes bounds one line of a .gp file, line end excluded. Specs are
// written by people (and the odd generator); a longer line is a mistake or
// hostile input, refused before the parser sees it, as the trace readers
// refuse overlong lines. (A 1 MB line took the parser seconds to reject.)
// It is the renderer's limit too: a refused line is never shown.
const maxLineBytes = diag.MaxLineBytes

// checkLines refuses the lines longer than maxLineBytes, at most
// maxSyntaxErrors of them, before anything else looks at the file: it only
// searches for line ends, so a megabyte line costs a millisecond.
func checkLines(file string, src []byte) Diagnostics {
	var diags Diagnostics
	for line, start := 1, 0; start <= len(src) && len(diags) < maxSyntaxErrors; line++ {
		n := lineLength(src, start)
		if n > maxLineBytes {
			at := Pos{Line: line, Col: 1, Offset: start}
			_, size := utf8.DecodeRune(src[start:])
			diags = append(diags, newDiagnostic(Error, CodeLineTooLong, Span{File: file, Start: at, End: Pos{Line: line, Col: 2, Offset: start + size}},
				fmt.Sprintf("line of %d bytes, longer than %d; want shorter lines (break long pointcuts and patterns over several)", n, maxLineBytes)))
		}
		next := bytes.IndexByte(src[start:], '\n')
		if next < 0 {
			break
		}
		start += next + 1
	}
	return diags
}

// checkText rejects what a .gp file may not hold anywhere, comments
// included: bytes that are not UTF-8 and control characters other than the
// white space of the grammar (tab, line ends, form feed). The lexer would
// otherwise skip them inside comments and quote them unreadably elsewhere;
// trace readers reject the same characters. At most maxSyntaxErrors are
// reported.
func checkText(idx *srcIndex) Diagnostics {
	var diags Diagnostics
	src := idx.src
	for off := 0; off < len(src) && len(diags) < maxSyntaxErrors; {
		r, n := utf8.DecodeRune(src[off:])
		var msg string
		switch {
		case r == utf8.RuneError && n <= 1:
			msg = fmt.Sprintf("invalid UTF-8 byte 0x%02x; want UTF-8 text", src[off])
		case unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' && r != '\f':
			msg = "control character " + controlName(r) + "; want printable text"
		}
		if msg != "" {
			diags = append(diags, newDiagnostic(Error, CodeBadCharacter, Span{File: idx.file, Start: idx.pos(off), End: idx.pos(off + n)}, msg))
		}
		off += n
	}
	return diags
}

// lineLength is the length in bytes of the line that starts at start,
// without its line end ("\n" or "\r\n").
func lineLength(src []byte, start int) int {
	n := bytes.IndexByte(src[start:], '\n')
	if n < 0 {
		return len(src) - start
	}
	if n > 0 && src[start+n-1] == '\r' {
		n--
	}
	return n
}

// controlName names a control character: U+0000 (NUL) for the one that
// most often means a binary file, U+XXXX for the others.
func controlName(r rune) string {
	if r == 0 {
		return "U+0000 (NUL)"
	}
	return fmt.Sprintf("%U", r)
}
