package spec

import (
	"bytes"
	"fmt"
	"path/filepath"
	"regexp"
	"sort"

	"gpredict/trace"
)

// A file that does not parse is often not a .gp file at all: a trace
// given to `spec check`, or a JavaMOP specification (.mop), whose syntax
// gpredict's language resembles. For those, twenty syntax errors say less
// than one sentence naming the mix-up and the gpredict form, so Load
// replaces the syntax errors by these diagnostics.

// wrongFormat returns the diagnostics that replace the syntax errors of a
// file that failed to parse, or nil if it does not look like either
// mix-up.
func wrongFormat(idx *srcIndex) Diagnostics {
	if d, ok := traceInsteadOfSpec(idx); ok {
		return Diagnostics{d}
	}
	return javaMOPConstructs(idx)
}

// traceInsteadOfSpec recognises a trace: a file named like one, or one
// that a trace reader reads without error.
func traceInsteadOfSpec(idx *srcIndex) (Diagnostic, bool) {
	format, err := trace.FormatOf(idx.file)
	if err != nil {
		format = ""
		for _, f := range []trace.Format{trace.FormatText, trace.FormatSTD, trace.FormatJSONL} {
			if readsAsTrace(idx, f) {
				format = f
				break
			}
		}
	}
	if format == "" {
		return Diagnostic{}, false
	}
	end := bytes.IndexByte(idx.src, '\n')
	if end < 0 {
		end = len(idx.src)
	}
	return errorAt(CodeNotASpec, Span{File: idx.file, Start: idx.pos(0), End: idx.pos(end)},
		"this is a trace (%s format), not a property spec: `spec check` reads .gp files; check a trace with `gpredict trace check %s`, predict on it with `gpredict predict --spec SPEC.gp %s`",
		format, filepath.Base(idx.file), filepath.Base(idx.file)), true
}

// readsAsTrace reports whether the reader of format f reads the file
// without error and finds events in it. Resolve comes before Finish, which
// requires it when the file has hb directives (a text trace with one made
// spec check panic); a trace whose hb facts or forks and joins are
// malformed is still a trace.
func readsAsTrace(idx *srcIndex, f trace.Format) bool {
	b := trace.NewBuilder()
	if trace.ReadFrom(b, idx.file, f, bytes.NewReader(idx.src)) != nil {
		return false
	}
	_ = b.Resolve()
	return b.Finish().NumEvents() > 0
}

// javaMOPConstruct is one JavaMOP construct that gpredict writes
// differently: where it is (the first submatch of re, or the whole match)
// and what to say.
type javaMOPConstruct struct {
	re  *regexp.Regexp
	msg func(m []string) string
}

// javaMOPPatterns lists the JavaMOP constructs, matched against the
// source with comments and string literals blanked out.
var javaMOPPatterns = []javaMOPConstruct{
	{regexp.MustCompile(`(?m)^[ \t]*((?:package|import)\b)[ \t]+[\w.*]+[ \t]*;`), func(m []string) string {
		return fmt.Sprintf("JavaMOP `%s` line: a .gp file has no package or imports; delete the line", m[1])
	}},
	{regexp.MustCompile(`(?m)^[ \t]*((?:full-binding|decentralized|centralized|perthread|connected|suffix|unsynchronized|raw|avoid)\b)[ \t]+\w`), func(m []string) string {
		return fmt.Sprintf("JavaMOP property modifier `%s`: gpredict properties take none; delete it (gpredict considers every binding and schedule anyway)", m[1])
	}},
	{regexp.MustCompile(`\b(creation[ \t\r\n]+event)\b`), func([]string) string {
		return "JavaMOP `creation event`: gpredict has no creation events (any event may start a match); write `event NAME ADVICE : POINTCUT;`"
	}},
	{regexp.MustCompile(`\bevent[ \t\r\n]+\w+[ \t\r\n]*(\()`), func([]string) string {
		return "event with parameters after its name (RV-Monitor's form): gpredict declares `event NAME before(PARAMS) : POINTCUT;` (or after(PARAMS), after(PARAMS) returning(TYPE NAME))"
	}},
	{regexp.MustCompile(`\bevent[ \t\r\n]+\w+[^;{}]*?(\{)`), func([]string) string {
		return "JavaMOP event action `{ ... }`: gpredict runs no action code; end the event declaration with `;`"
	}},
	{regexp.MustCompile(`\b(ere)[ \t\r\n]*:`), func([]string) string {
		return "JavaMOP `ere :` block: gpredict writes the violation as `pattern: REGEX` (what JavaMOP reports with @match; a property that reports with @fail needs its violation written out)"
	}},
	{regexp.MustCompile(`\b(fsm|ltl|ptltl|cfg|srs|ptcaret|tfsm)[ \t\r\n]*:`), func(m []string) string {
		return fmt.Sprintf("JavaMOP `%s :` block: gpredict has only regular patterns; write the violation as `pattern: REGEX` over the event names", m[1])
	}},
	{regexp.MustCompile(`(@\w+)[ \t\r\n]*\{`), func(m []string) string {
		return fmt.Sprintf("JavaMOP handler `%s { ... }`: gpredict reports each violation itself, with a witness, and runs no handler code; delete the handler", m[1])
	}},
}

// javaMOPConstructs finds the JavaMOP constructs of the file, each as an
// error at its place, in source order.
func javaMOPConstructs(idx *srcIndex) Diagnostics {
	code := blankCommentsAndStrings(idx.src)
	var diags Diagnostics
	for _, c := range javaMOPPatterns {
		for _, loc := range c.re.FindAllSubmatchIndex(code, -1) {
			start, end := loc[0], loc[1]
			if len(loc) >= 4 && loc[2] >= 0 {
				start, end = loc[2], loc[3]
			}
			m := make([]string, len(loc)/2)
			for i := range m {
				if loc[2*i] >= 0 {
					m[i] = string(code[loc[2*i]:loc[2*i+1]])
				}
			}
			diags = append(diags, errorAt(CodeJavaMOP, Span{File: idx.file, Start: idx.pos(start), End: idx.pos(end)}, "%s", c.msg(m)))
		}
	}
	sort.SliceStable(diags, func(i, j int) bool { return diags[i].Pos.Offset < diags[j].Pos.Offset })
	return diags
}

// blankCommentsAndStrings returns a copy of src with the text of `//` and
// `/* */` comments and of string literals replaced by spaces (line ends
// kept), so that patterns never match inside them and offsets still do.
func blankCommentsAndStrings(src []byte) []byte {
	out := bytes.Clone(src)
	blank := func(i int) {
		if out[i] != '\n' && out[i] != '\r' {
			out[i] = ' '
		}
	}
	for i := 0; i < len(out); i++ {
		switch {
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '/':
			for ; i < len(out) && out[i] != '\n' && out[i] != '\r'; i++ {
				blank(i)
			}
		case out[i] == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			stop := len(out)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				blank(i)
			}
			i--
		case out[i] == '"':
			blank(i)
			for i++; i < len(out) && out[i] != '"' && out[i] != '\n'; i++ {
				if out[i] == '\\' && i+1 < len(out) {
					blank(i)
					i++
				}
				blank(i)
			}
			if i < len(out) {
				blank(i)
			}
		}
	}
	return out
}
