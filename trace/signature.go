package trace

import (
	"fmt"
	"strings"
)

// Signature is a parsed method signature `[RET ]DECL.NAME(P1,P2,...)`.
// Decl is "" when the signature has no declaring type (e.g. `atomic()`);
// Ret is "" when no return type is written.
type Signature struct {
	Ret    string
	Decl   string
	Name   string
	Params []string
}

// ParseSignature parses the SIGNATURE operand of docs/trace-format.md.
func ParseSignature(s string) (Signature, error) {
	var sig Signature
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") || strings.Count(s, "(") != 1 || strings.Count(s, ")") != 1 {
		return sig, fmt.Errorf("signature %q: want [RETTYPE ]DECLTYPE.NAME(PARAMTYPE,...)", s)
	}
	head, params := s[:open], s[open+1:len(s)-1]
	if sp := strings.LastIndexAny(head, " \t"); sp >= 0 {
		sig.Ret = strings.TrimSpace(head[:sp])
		head = head[sp+1:]
	}
	if dot := strings.LastIndexByte(head, '.'); dot >= 0 {
		sig.Decl, sig.Name = head[:dot], head[dot+1:]
	} else {
		sig.Name = head
	}
	if sig.Name == "" || (sig.Decl == "" && strings.Contains(head, ".")) {
		return sig, fmt.Errorf("signature %q: missing method name", s)
	}
	if params != "" {
		sig.Params = strings.Split(params, ",")
		for _, p := range sig.Params {
			if p == "" || strings.ContainsAny(p, " \t") {
				return sig, fmt.Errorf("signature %q: bad parameter list", s)
			}
		}
	}
	return sig, nil
}

// String renders the signature in the text format.
func (s Signature) String() string {
	var b strings.Builder
	if s.Ret != "" {
		b.WriteString(s.Ret)
		b.WriteByte(' ')
	}
	if s.Decl != "" {
		b.WriteString(s.Decl)
		b.WriteByte('.')
	}
	b.WriteString(s.Name)
	b.WriteByte('(')
	b.WriteString(strings.Join(s.Params, ","))
	b.WriteByte(')')
	return b.String()
}
