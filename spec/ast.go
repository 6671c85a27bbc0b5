package spec

// The AST of a .gp file. Every node carries the Span of its source; the
// builder (over ANTLR's parse tree) is the only code that sees generated
// types. Names and patterns are kept as written; semantic checks and
// normalisation run over this tree.

// File is one parsed .gp file.
type File struct {
	Name       string
	Src        []byte
	Properties []*Property
}

// Property is `Name(T p, ...) { event ...; pattern: ... }`.
type Property struct {
	Name     string
	NameSpan Span
	Span     Span
	Params   []*Param
	Events   []*EventDecl
	Pattern  Regex
	// Normal is the normal form of Pattern, set by Check when the property
	// has no errors.
	Normal *NormalPattern
}

// Param is a typed name: a property parameter, an advice parameter, or
// the `returning(T r)` parameter.
type Param struct {
	Type string
	Name string
	Span Span
}

// Advice is when an event declaration fires.
type Advice uint8

const (
	Before Advice = iota
	After
)

func (a Advice) String() string {
	if a == Before {
		return "before"
	}
	return "after"
}

// EventDecl is `event NAME ADVICE(PARAMS) [returning(T r)] : POINTCUT ;`.
type EventDecl struct {
	Name      string
	NameSpan  Span
	Span      Span
	Advice    Advice
	Params    []*Param
	Returning *Param // nil without `returning(...)`
	Pointcut  Pointcut
}

// Pointcut is a node of a pointcut expression.
type Pointcut interface {
	Span() Span
	pointcut()
}

// PcAnd is `L && R`.
type PcAnd struct {
	L, R Pointcut
	Sp   Span
}

// PcOr is `L || R`.
type PcOr struct {
	L, R Pointcut
	Sp   Span
}

// PcNot is `!X`.
type PcNot struct {
	X  Pointcut
	Sp Span
}

// PcInvocation is `call(SIG)` or `execution(SIG)`.
type PcInvocation struct {
	Execution bool // false: call, true: execution
	Sig       *SigPattern
	Sp        Span
}

// PcField is `get(FIELD)` or `set(FIELD)`.
type PcField struct {
	Set   bool // false: get, true: set
	Field *FieldPattern
	Sp    Span
}

// PcTarget is `target(x)`.
type PcTarget struct {
	Name string
	Sp   Span
}

// PcArgs is `args(a, b, ..)`.
type PcArgs struct {
	Args []ArgPattern
	Sp   Span
}

// ArgPattern is one element of `args(...)`: a name that binds (or must
// equal an already bound name), `*` for any one argument, or `..` for any
// number of arguments.
type ArgPattern struct {
	Name     string // "" for `*` and `..`
	Any      bool   // `*`
	Ellipsis bool   // `..`
	Sp       Span
}

// PcLocation is `location(v)` (extension).
type PcLocation struct {
	Name string
	Sp   Span
}

// PcLock is `lock()` or `unlock()`.
type PcLock struct {
	Unlock bool
	Sp     Span
}

// PcVolatile is `volatile()` (extension).
type PcVolatile struct{ Sp Span }

// PcWithin is `within(TYPEPAT)`.
type PcWithin struct {
	Type *TypePattern
	Sp   Span
}

// PcHolds is `holds(x)` (extension, JavaMOP's `Thread.holdsLock(x)`): the
// thread of the event holds the lock named by x at the event.
type PcHolds struct {
	Name string // "" when the parentheses hold anything but one name
	Sp   Span
}

// PcIf is `if(EXPR)`.
type PcIf struct {
	X  Expr
	Sp Span
}

// PcUnknown is `NAME(...)` where NAME is no pointcut designator. The parser
// keeps it so that Check reports it with a suggestion; a file that
// contains one has an error, so it never reaches matching.
type PcUnknown struct {
	Name   string
	NameSp Span
	Sp     Span
}

func (p *PcAnd) Span() Span        { return p.Sp }
func (p *PcOr) Span() Span         { return p.Sp }
func (p *PcNot) Span() Span        { return p.Sp }
func (p *PcInvocation) Span() Span { return p.Sp }
func (p *PcField) Span() Span      { return p.Sp }
func (p *PcTarget) Span() Span     { return p.Sp }
func (p *PcArgs) Span() Span       { return p.Sp }
func (p *PcLocation) Span() Span   { return p.Sp }
func (p *PcLock) Span() Span       { return p.Sp }
func (p *PcVolatile) Span() Span   { return p.Sp }
func (p *PcWithin) Span() Span     { return p.Sp }
func (p *PcHolds) Span() Span      { return p.Sp }
func (p *PcIf) Span() Span         { return p.Sp }
func (p *PcUnknown) Span() Span    { return p.Sp }

func (*PcAnd) pointcut()        {}
func (*PcOr) pointcut()         {}
func (*PcNot) pointcut()        {}
func (*PcInvocation) pointcut() {}
func (*PcField) pointcut()      {}
func (*PcTarget) pointcut()     {}
func (*PcArgs) pointcut()       {}
func (*PcLocation) pointcut()   {}
func (*PcLock) pointcut()       {}
func (*PcVolatile) pointcut()   {}
func (*PcWithin) pointcut()     {}
func (*PcHolds) pointcut()      {}
func (*PcIf) pointcut()         {}
func (*PcUnknown) pointcut()    {}

// TypePattern is an AspectJ type pattern: a (possibly qualified) name in
// which `*` matches any part of a name, optionally followed by `+` (the
// type or any subtype). Name "*" matches every type.
type TypePattern struct {
	Name     string
	Subtypes bool // trailing `+`
	Sp       Span
}

// SigPattern is `[RETPAT] [DECLPAT.]NAMEPAT(PARAMPATS)`. Ret and Decl are
// nil when not written (any).
type SigPattern struct {
	Ret    *TypePattern
	Decl   *TypePattern
	Name   string // name pattern with `*` wildcards
	Params []ParamPattern
	Sp     Span
}

// ParamPattern is one parameter pattern: a type pattern or `..`.
type ParamPattern struct {
	Type     *TypePattern // nil for `..`
	Ellipsis bool
	// Name is a parameter name written after the type, as FIG. 19 does
	// (`createTable(Connection conn, String table)`); it is documentation
	// only and takes no part in matching. "" if none.
	Name string
	Sp   Span
}

// FieldPattern is `[TYPEPAT] [DECLPAT.]NAMEPAT`. Type and Decl are nil
// when not written (any).
type FieldPattern struct {
	Type *TypePattern
	Decl *TypePattern
	Name string // name pattern with `*` wildcards
	Sp   Span
}

// Expr is a node of the `if(...)` expression language.
type Expr interface {
	Span() Span
	expr()
}

// LitKind is the kind of a literal.
type LitKind uint8

const (
	LitNull LitKind = iota
	LitNumber
	LitString // Value is the unquoted, unescaped string
	LitBool
)

// ExprLit is a literal.
type ExprLit struct {
	Kind  LitKind
	Value string
	Sp    Span
}

// ExprName is a reference to an advice or property parameter.
type ExprName struct {
	Name string
	Sp   Span
}

// ExprBinary is `L op R` with op one of "==", "!=", "&&", "||".
type ExprBinary struct {
	Op   string
	L, R Expr
	Sp   Span
}

// ExprNot is `!X`.
type ExprNot struct {
	X  Expr
	Sp Span
}

// ExprMethod is `Recv.Method(Arg)` with Method one of contains,
// startsWith, endsWith.
type ExprMethod struct {
	Recv   Expr
	Method string
	Arg    Expr
	Sp     Span
}

func (e *ExprLit) Span() Span    { return e.Sp }
func (e *ExprName) Span() Span   { return e.Sp }
func (e *ExprBinary) Span() Span { return e.Sp }
func (e *ExprNot) Span() Span    { return e.Sp }
func (e *ExprMethod) Span() Span { return e.Sp }

func (*ExprLit) expr()    {}
func (*ExprName) expr()   {}
func (*ExprBinary) expr() {}
func (*ExprNot) expr()    {}
func (*ExprMethod) expr() {}

// Regex is a node of a pattern as written (before normalisation).
type Regex interface {
	Span() Span
	regex()
}

// RxEvent is `e`, `e(t1)`, `e(t1, <r)`, `e(>r)`, ...
type RxEvent struct {
	Event  string
	Thread string // meta-thread, "" if none
	Region string // "" if no region mark
	// RegionEnd is false for `<r`, true for `>r`.
	RegionEnd bool
	Sp        Span
}

// RxSeq is juxtaposition `a b c`.
type RxSeq struct {
	Items []Regex
	Sp    Span
}

// RxPar is `a || b || c`.
type RxPar struct {
	Items []Regex
	Sp    Span
}

// RxAnd is `a & b`.
type RxAnd struct {
	Items []Regex
	Sp    Span
}

// RxOr is `a | b`.
type RxOr struct {
	Items []Regex
	Sp    Span
}

// RxNot is `!X`.
type RxNot struct {
	X  Regex
	Sp Span
}

// RxQuant is `X*`, `X+` or `X?`.
type RxQuant struct {
	X  Regex
	Op byte // '*', '+' or '?'
	Sp Span
}

func (r *RxEvent) Span() Span { return r.Sp }
func (r *RxSeq) Span() Span   { return r.Sp }
func (r *RxPar) Span() Span   { return r.Sp }
func (r *RxAnd) Span() Span   { return r.Sp }
func (r *RxOr) Span() Span    { return r.Sp }
func (r *RxNot) Span() Span   { return r.Sp }
func (r *RxQuant) Span() Span { return r.Sp }

func (*RxEvent) regex() {}
func (*RxSeq) regex()   {}
func (*RxPar) regex()   {}
func (*RxAnd) regex()   {}
func (*RxOr) regex()    {}
func (*RxNot) regex()   {}
func (*RxQuant) regex() {}
