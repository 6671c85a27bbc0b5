package spec

import (
	"regexp"
	"strings"

	"gpredict/trace"
)

// This file compiles the AspectJ name, type, signature and field patterns
// of pointcuts into matchers over strings. They are trace independent; the
// per-trace caches live in matchCtx.

// namePat is a name pattern in which `*` matches any part of a name.
type namePat struct {
	any  bool           // the pattern is `*`
	lit  string         // the pattern when it has no wildcard
	glob *regexp.Regexp // otherwise
}

func compileNamePat(p string) namePat {
	switch {
	case p == "*":
		return namePat{any: true}
	case !strings.ContainsRune(p, '*'):
		return namePat{lit: p}
	}
	return namePat{glob: globRegexp(p)}
}

func (n namePat) match(s string) bool {
	switch {
	case n.any:
		return true
	case n.glob == nil:
		return s == n.lit
	}
	return n.glob.MatchString(s)
}

// globRegexp translates an AspectJ name pattern: `*` is any run of
// characters within one dotted segment, `..` is any number of whole
// segments (`java..List`), everything else is literal.
func globRegexp(p string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString(`^`)
	for i := 0; i < len(p); i++ {
		switch {
		case p[i] == '*':
			b.WriteString(`[^.]*`)
		case strings.HasPrefix(p[i:], ".."):
			b.WriteString(`\.(?:.*\.)?`)
			i++
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString(`$`)
	return regexp.MustCompile(b.String())
}

// typePat is a compiled TypePattern.
type typePat struct {
	src       string
	any       bool    // `*` or `*+`: every type
	qualified bool    // the pattern names a package (`java.util.List`)
	full      namePat // the whole pattern
	simple    namePat // its last segment, for unqualified type names
	subtypes  bool    // trailing `+`
	wildcard  bool    // contains `*`
}

func compileTypePat(tp *TypePattern) *typePat {
	if tp == nil {
		return nil
	}
	name := tp.Name
	p := &typePat{
		src:       name,
		subtypes:  tp.Subtypes,
		qualified: strings.Contains(name, "."),
		wildcard:  strings.ContainsRune(name, '*'),
		any:       name == "*",
		full:      compileNamePat(name),
	}
	p.simple = compileNamePat(name[strings.LastIndexByte(name, '.')+1:])
	return p
}

// nameMatches compares by fully qualified name when both the pattern and
// the type are qualified, and by simple name otherwise
// (docs/trace-format.md: `List` matches `java.util.List` and the reverse).
func (p *typePat) nameMatches(typ string) bool {
	if p.qualified && strings.Contains(typ, ".") {
		return p.full.match(typ)
	}
	return p.simple.match(trace.SimpleName(typ))
}

// matches reports whether typ (a type name as written in the trace) fits
// the pattern; `T+` also accepts subtypes of T through the type table.
func (p *typePat) matches(typ string, types *trace.TypeTable) bool {
	if p.any {
		return true
	}
	if p.nameMatches(typ) {
		return true
	}
	if !p.subtypes {
		return false
	}
	if !p.wildcard {
		return types.IsSubtype(typ, p.src)
	}
	for _, s := range types.Supertypes(typ) {
		if p.nameMatches(s) {
			return true
		}
	}
	return p.nameMatches("Object")
}

// matchesMissing is the answer for a type the trace did not write (a
// signature without return or declaring type): only `*` fits it.
func (p *typePat) matchesMissing() bool { return p.any }

// sigPat is a compiled SigPattern.
type sigPat struct {
	ret, decl *typePat // nil: not written, any
	name      namePat
	params    []paramPat
}

// paramPat is one parameter pattern; ellipsis is `..`.
type paramPat struct {
	typ      *typePat
	ellipsis bool
}

func compileSigPat(sp *SigPattern) *sigPat {
	s := &sigPat{ret: compileTypePat(sp.Ret), decl: compileTypePat(sp.Decl), name: compileNamePat(sp.Name)}
	for _, pp := range sp.Params {
		s.params = append(s.params, paramPat{typ: compileTypePat(pp.Type), ellipsis: pp.Ellipsis || pp.Type == nil})
	}
	return s
}

func (s *sigPat) matches(sig *trace.Signature, types *trace.TypeTable) bool {
	if !s.name.match(sig.Name) {
		return false
	}
	if !typeFits(s.ret, sig.Ret, types) || !typeFits(s.decl, sig.Decl, types) {
		return false
	}
	return paramsFit(s.params, sig.Params, types)
}

// typeFits applies an optional pattern to an optional type name.
func typeFits(p *typePat, typ string, types *trace.TypeTable) bool {
	switch {
	case p == nil:
		return true
	case typ == "":
		return p.matchesMissing()
	}
	return p.matches(typ, types)
}

// paramsFit matches parameter patterns with `..` against parameter types.
// Patterns hold at most a few `..`, so plain backtracking is linear in
// practice; results are cached per signature anyway.
func paramsFit(pats []paramPat, params []string, types *trace.TypeTable) bool {
	if len(pats) == 0 {
		return len(params) == 0
	}
	if pats[0].ellipsis {
		for skip := 0; skip <= len(params); skip++ {
			if paramsFit(pats[1:], params[skip:], types) {
				return true
			}
		}
		return false
	}
	return len(params) > 0 && pats[0].typ.matches(params[0], types) && paramsFit(pats[1:], params[1:], types)
}

// fieldPat is a compiled FieldPattern.
type fieldPat struct {
	typ, decl *typePat
	name      namePat
}

func compileFieldPat(fp *FieldPattern) *fieldPat {
	return &fieldPat{typ: compileTypePat(fp.Type), decl: compileTypePat(fp.Decl), name: compileNamePat(fp.Name)}
}

// matches tests a variable. A trace never records the type of a field, so
// the type pattern cannot exclude anything; the declaring type is the
// runtime type of OBJ (`object OBJ : T`) and, when the trace does not
// declare it, cannot exclude anything either (docs/matching.md).
func (f *fieldPat) matches(v *varInfo, types *trace.TypeTable) bool {
	if !f.name.match(v.field) {
		return false
	}
	return f.decl == nil || v.declType == "" || f.decl.matches(v.declType, types)
}
