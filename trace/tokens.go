package trace

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// textTokenProblem says why s cannot be one token of the text format ("" if
// it can): the JSONL reader and the text writer use it so that every trace
// any reader accepts can be written as text and read back unchanged.
func textTokenProblem(s string) string {
	switch {
	case s == "":
		return "is empty; want a non-empty name"
	case strings.ContainsAny(s, " \t\r\n\v\f"):
		return "contains white space; want a name without spaces"
	case strings.IndexFunc(s, isControl) >= 0:
		r, _ := utf8.DecodeRuneInString(s[strings.IndexFunc(s, isControl):])
		return fmt.Sprintf("contains a %s; want printable text", describeControl(r))
	case strings.Contains(s, "#"):
		return "contains '#', which starts a comment in the text format"
	case s[0] == '@':
		return "starts with '@', which marks a location in the text format"
	}
	return ""
}

// embeddedProblem is textTokenProblem for text that the text format writes
// after a prefix (a location after '@', a key value after "target=" and
// the like), which may therefore itself start with '@'.
func embeddedProblem(s string) string {
	if s != "" && s[0] == '@' {
		return textTokenProblem(s[1:] + "x")
	}
	return textTokenProblem(s)
}
