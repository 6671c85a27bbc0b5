package trace

import "fmt"

// LockKind is how a lock behaves (docs/trace-format.md, "Lock kinds and
// requests"; docs/semantics.md, rule 3). Every lock is re-entrant unless
// the trace declares another kind with `lock L : KIND`, so a trace without
// the directive keeps the meaning it always had.
type LockKind uint8

const (
	// LockReentrant is a Java monitor (and a ReentrantReadWriteLock): the
	// holder may acquire it again; the acquire and its release are ignored.
	LockReentrant LockKind = iota
	// LockMutex is Go's sync.Mutex: not re-entrant, no shared side.
	LockMutex
	// LockRWMutex is Go's sync.RWMutex: not re-entrant, shared holds, and
	// writer preference (a thread waiting to acquire it exclusively keeps
	// every other thread from taking it shared).
	LockRWMutex
	numLockKinds
)

var lockKindNames = [numLockKinds]string{"reentrant", "mutex", "rwmutex"}

// LockKinds lists the kind names, for usage messages.
const LockKinds = "reentrant, mutex or rwmutex"

func (k LockKind) String() string {
	if k < numLockKinds {
		return lockKindNames[k]
	}
	return "kind?"
}

// ParseLockKind maps a kind name to its LockKind.
func ParseLockKind(s string) (LockKind, bool) {
	for i, n := range lockKindNames {
		if n == s {
			return LockKind(i), true
		}
	}
	return 0, false
}

// Reentrant reports whether a holder of a lock of kind k may acquire it
// again (exclusively, or shared inside its exclusive hold).
func (k LockKind) Reentrant() bool { return k == LockReentrant }

// WriterPreference reports whether a thread that has requested a lock of
// kind k exclusively, and not yet acquired it, keeps every other thread
// from acquiring it shared.
func (k LockKind) WriterPreference() bool { return k == LockRWMutex }

// Kind returns the kind of lock l (LockReentrant unless declared).
func (t *Trace) Kind(l Sym) LockKind { return t.LockKinds[l] }

// A use of a lock that some kind forbids: a re-entrant acquire (nested),
// a shared acquire inside the thread's own exclusive hold (inner), or any
// shared op (shared). Since a `lock` directive may come after the events
// of its lock (directives are allowed anywhere in any file), the builder
// keeps the first use of each sort per lock and checks it once the kind
// is known: the error is the same, at the same place, whichever comes
// first.
type kindUse uint8

const (
	useNested kindUse = iota
	useInner
	useShared
	numKindUses
)

// forbids reports whether kind k forbids use u.
func (k LockKind) forbids(u kindUse) bool {
	switch u {
	case useNested:
		return !k.Reentrant()
	case useInner:
		return k == LockRWMutex // a mutex has no shared side: useShared says it
	default:
		return k == LockMutex
	}
}

// firstUse is where a use was first seen.
type firstUse struct {
	pos    Pos
	thread string
	op     Op
}

// lockDecl is a `lock` directive: the kind and where it was declared.
type lockDecl struct {
	kind LockKind
	pos  Pos
}

// LockKind records `lock L : KIND` (pos: where the kind is written). A
// second declaration of L with another kind is an error, as is a use of
// L seen earlier that the kind forbids.
func (b *Builder) LockKind(pos Pos, l Sym, k LockKind) error {
	if d, ok := b.decls[l]; ok {
		if d.kind != k {
			return errorf(pos, "lock %s : %s conflicts with an earlier lock %s : %s (%s)", b.tr.Str(l), k, b.tr.Str(l), d.kind, d.pos)
		}
		return nil
	}
	if b.decls == nil {
		b.decls = map[Sym]lockDecl{}
	}
	b.decls[l] = lockDecl{k, pos}
	if b.tr.LockKinds == nil {
		b.tr.LockKinds = map[Sym]LockKind{}
	}
	b.tr.LockKinds[l] = k
	if uses := b.uses[l]; uses != nil {
		delete(b.uses, l)
		for u := range numKindUses {
			if f := uses[u]; f != nil && k.forbids(u) {
				return b.kindError(l, u, f)
			}
		}
	}
	return nil
}

// noteUse checks use u of lock l at pos against l's kind if it is
// declared, and otherwise remembers it if it is the first of its sort.
func (b *Builder) noteUse(l Sym, u kindUse, pos Pos, thread string, op Op) error {
	f := &firstUse{pos: pos, thread: thread, op: op}
	if d, ok := b.decls[l]; ok {
		if d.kind.forbids(u) {
			return b.kindError(l, u, f)
		}
		return nil
	}
	if b.uses == nil {
		b.uses = map[Sym]*[numKindUses]*firstUse{}
	}
	uses := b.uses[l]
	if uses == nil {
		uses = &[numKindUses]*firstUse{}
		b.uses[l] = uses
	}
	if uses[u] == nil {
		uses[u] = f
	}
	return nil
}

// kindError is the error of use u of lock l, which its kind forbids.
func (b *Builder) kindError(l Sym, u kindUse, f *firstUse) error {
	d := b.decls[l]
	name := b.tr.Str(l)
	decl := fmt.Sprintf("(lock %s : %s at %s)", name, d.kind, d.pos)
	switch u {
	case useNested:
		article := "a"
		if d.kind == LockRWMutex {
			article = "an"
		}
		return errorf(f.pos, "acquire of lock %s, which thread %s already holds; %s %s is not re-entrant, so the acquire blocks forever and cannot have been recorded %s; want `request %s` as the thread's last event for a thread blocked there",
			name, f.thread, article, d.kind, decl, name)
	case useInner:
		return errorf(f.pos, "racquire of lock %s inside thread %s's exclusive hold of it; an rwmutex is not re-entrant, so the racquire blocks forever and cannot have been recorded %s; want `rrequest %s` as the thread's last event for a thread blocked there",
			name, f.thread, decl, name)
	}
	return errorf(f.pos, "%s of lock %s, a mutex, which has no shared side %s; want `lock %s : rwmutex` for a read-write lock", f.op, name, decl, name)
}
