package spec

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

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
			diags = append(diags, Diagnostic{Severity: Error, Code: CodeBadCharacter, Message: msg,
				Span: Span{File: idx.file, Start: idx.pos(off), End: idx.pos(off + n)}})
		}
		off += n
	}
	return diags
}

// controlName names a control character: U+0000 (NUL) for the one that
// most often means a binary file, U+XXXX for the others.
func controlName(r rune) string {
	if r == 0 {
		return "U+0000 (NUL)"
	}
	return fmt.Sprintf("%U", r)
}
