package spec

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/antlr4-go/antlr/v4"

	"gpredict/grammar/gen"
)

// Limits that keep hostile input from exhausting the parser.
const (
	// maxSyntaxErrors is how many syntax errors one file reports; the
	// rest are summarised in one more diagnostic.
	maxSyntaxErrors = 20
	// maxDepth bounds the nesting of grammar rules (parentheses, `!`,
	// chains of `&&`), and so the recursion of the parser and builder.
	maxDepth = 250
	// maxFileBytes bounds a .gp file. Parsing is linear but ANTLR's tree
	// takes up to 700 bytes per byte of input (a pattern of one `(a|a)`
	// per line), so the bound keeps the worst case near a few seconds and
	// 0.75 GB; the catalogue's largest file is 1 KB.
	maxFileBytes = 1 << 20
)

// Parse parses one .gp file into its AST. It reports syntax errors only
// (semantic checks are Check's); on a syntax error the returned File has
// no properties. Parse never panics on any input.
func Parse(filename string, src []byte) (*File, Diagnostics) {
	f := &File{Name: filename, Src: src}
	if len(src) > maxFileBytes {
		// Refused before indexing: the index alone takes eight bytes per byte.
		start := Pos{Line: 1, Col: 1}
		return f, Diagnostics{newDiagnostic(Error, CodeFileTooLarge, Span{File: filename, Start: start, End: start},
			fmt.Sprintf("file of %d bytes, larger than %d; want a .gp file of properties (is this a spec?)", len(src), maxFileBytes))}
	}
	if diags := checkLines(filename, src); len(diags) > 0 {
		return f, diags
	}
	idx := newSrcIndex(filename, src)
	if diags := checkText(idx); len(diags) > 0 {
		return f, diags
	}
	errs := &syntaxErrors{idx: idx}

	lexer := gen.NewSpecLexer(antlr.NewInputStream(string(src)))
	lexer.RemoveErrorListeners()
	lexer.AddErrorListener(errs)
	tokens := antlr.NewCommonTokenStream(lexer, antlr.TokenDefaultChannel)
	parser := gen.NewSpecParser(tokens)
	parser.RemoveErrorListeners()
	parser.AddErrorListener(errs)
	guard := &depthGuard{}
	parser.AddParseListener(guard)

	tree, deep := parseGuarded(parser)
	if deep != nil {
		return f, append(errs.diags, newDiagnostic(Error, CodeTooDeep, idx.tokenSpan(deep, deep),
			fmt.Sprintf("nesting deeper than %d levels", maxDepth)))
	}
	if len(errs.diags) > 0 {
		return f, errs.result()
	}
	b := &builder{idx: idx}
	f.Properties = b.file(tree)
	return f, b.diags
}

// parseGuarded runs the parser and turns the depth guard's panic into the
// token where nesting became too deep.
func parseGuarded(p *gen.SpecParser) (tree gen.IFileContext, deep antlr.Token) {
	defer func() {
		if r := recover(); r != nil {
			tooDeep, ok := r.(tooDeepPanic)
			if !ok {
				panic(r)
			}
			deep = tooDeep.at
		}
	}()
	return p.File(), nil
}

// tooDeepPanic aborts parsing when rule nesting exceeds maxDepth.
type tooDeepPanic struct{ at antlr.Token }

// depthGuard counts rule nesting as the parser enters and leaves rules
// (left-recursive rules included: ANTLR reports each recursion level).
type depthGuard struct {
	antlr.BaseParseTreeListener
	depth int
}

func (g *depthGuard) EnterEveryRule(ctx antlr.ParserRuleContext) {
	g.depth++
	if g.depth > maxDepth {
		panic(tooDeepPanic{at: ctx.GetStart()})
	}
}

func (g *depthGuard) ExitEveryRule(antlr.ParserRuleContext) { g.depth-- }

// syntaxErrors replaces ANTLR's console listener: it turns every lexer and
// parser error into a Diagnostic.
type syntaxErrors struct {
	*antlr.DefaultErrorListener
	idx     *srcIndex
	diags   Diagnostics
	dropped int
}

func (s *syntaxErrors) SyntaxError(_ antlr.Recognizer, offending any, line, column int, msg string, _ antlr.RecognitionException) {
	if len(s.diags) >= maxSyntaxErrors {
		s.dropped++
		return
	}
	var sp Span
	if tok, ok := offending.(antlr.Token); ok && tok != nil {
		sp = s.idx.tokenSpan(tok, tok)
		msg = syntaxMessage(msg, tok)
	} else {
		// Lexer errors carry no token: the position is where the bad
		// token starts; mark one character.
		start := s.idx.posAtLineCol(line, column)
		sp = Span{File: s.idx.file, Start: start, End: s.idx.pos(s.idx.nextRune(start.Offset))}
		msg = lexerMessage(s.idx.src[start.Offset:])
	}
	s.diags = append(s.diags, newDiagnostic(Error, CodeSyntax, sp, msg))
}

// result returns the collected diagnostics, with a summary of the ones
// beyond the cap.
func (s *syntaxErrors) result() Diagnostics {
	if s.dropped == 0 {
		return s.diags
	}
	// At the last one shown: the rest are after it.
	more := s.diags[len(s.diags)-1]
	more.Msg = fmt.Sprintf("%d more syntax errors not shown", s.dropped)
	return append(s.diags, more)
}

// syntaxMessage rewords ANTLR's messages where they are unhelpful: a
// "no viable alternative" repeats all the input since the decision began,
// and an "expecting" set of a dozen tokens hides the point.
func syntaxMessage(msg string, tok antlr.Token) string {
	text := tokenText(tok)
	if strings.HasPrefix(msg, "no viable alternative") {
		return "unexpected " + text
	}
	if i := strings.Index(msg, " expecting {"); i >= 0 && strings.Count(msg[i:], ",") >= 6 {
		return "unexpected " + text
	}
	return strings.ReplaceAll(msg, "'<EOF>'", "end of file")
}

// lexerMessage describes the text that no token matches, rest being the
// source from where the bad token starts. (ANTLR's own message quotes all
// of an unterminated comment.)
func lexerMessage(rest []byte) string {
	switch {
	case strings.HasPrefix(string(rest), "/*"):
		return "unterminated comment (missing '*/')"
	case strings.HasPrefix(string(rest), `"`):
		return "unterminated string literal"
	}
	r, _ := utf8.DecodeRune(rest)
	return fmt.Sprintf("unexpected character %q", r)
}

func tokenText(tok antlr.Token) string {
	if tok.GetTokenType() == antlr.TokenEOF {
		return "end of file"
	}
	return "'" + tok.GetText() + "'"
}

// srcIndex converts ANTLR's rune indexes into the byte offsets, lines and
// rune columns of Pos.
type srcIndex struct {
	file      string
	src       []byte
	runeOff   []int // byte offset of each rune index; one extra for the end
	lineStart []int // byte offset where each line begins
}

func newSrcIndex(file string, src []byte) *srcIndex {
	x := &srcIndex{file: file, src: src, lineStart: []int{0}}
	for off := 0; off < len(src); {
		x.runeOff = append(x.runeOff, off)
		// DecodeRune takes one byte per invalid byte, as ANTLR's
		// []rune(string) conversion does.
		_, size := utf8.DecodeRune(src[off:])
		if src[off] == '\n' {
			x.lineStart = append(x.lineStart, off+1)
		}
		off += size
	}
	x.runeOff = append(x.runeOff, len(src))
	return x
}

// pos is the position of byte offset off. Both searches are binary, so
// that positioning every node of a long line costs no more than of a
// short one (counting the runes from the line start made a 64 KiB line
// quadratic).
func (x *srcIndex) pos(off int) Pos {
	line := sort.Search(len(x.lineStart), func(i int) bool { return x.lineStart[i] > off }) - 1
	col := x.runeIndex(off) - x.runeIndex(x.lineStart[line]) + 1
	return Pos{Line: line + 1, Col: col, Offset: off}
}

// runeIndex is the number of runes before byte offset off (an invalid
// byte counts as one rune, as in utf8.RuneCount).
func (x *srcIndex) runeIndex(off int) int { return sort.SearchInts(x.runeOff, off) }

// posAtLineCol is the position of ANTLR's line (1-based) and column
// (0-based, in runes).
func (x *srcIndex) posAtLineCol(line, col int) Pos {
	if line < 1 || line > len(x.lineStart) {
		return x.pos(len(x.src))
	}
	off := x.lineStart[line-1]
	for i := 0; i < col && off < len(x.src) && x.src[off] != '\n'; i++ {
		_, size := utf8.DecodeRune(x.src[off:])
		off += size
	}
	return x.pos(off)
}

// nextRune is the byte offset after the rune at off (or off at the end).
func (x *srcIndex) nextRune(off int) int {
	if off >= len(x.src) {
		return off
	}
	_, size := utf8.DecodeRune(x.src[off:])
	return off + size
}

// runeToByte maps an ANTLR character index to a byte offset.
func (x *srcIndex) runeToByte(i int) int {
	if i < 0 {
		return 0
	}
	if i >= len(x.runeOff) {
		return len(x.src)
	}
	return x.runeOff[i]
}

// tokenSpan is the span from the start of first to the end of last.
func (x *srcIndex) tokenSpan(first, last antlr.Token) Span {
	start := x.runeToByte(first.GetStart())
	end := start
	if last != nil && last.GetTokenType() != antlr.TokenEOF && last.GetStop() >= first.GetStart() {
		end = x.runeToByte(last.GetStop() + 1)
	}
	return Span{File: x.file, Start: x.pos(start), End: x.pos(end)}
}
