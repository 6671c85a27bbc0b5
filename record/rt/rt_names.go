package rt

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Names of memory locations and objects. A location (a variable, a field,
// an element) is its address and its type: a struct and its first field,
// or an array and its first element, share an address but are different
// locations. It is named when it is first accessed, after the description
// the instrumenter gives (`main.counter`, `Account.balance`, `[]int`),
// with an ordinal unless the description is a package-level variable's;
// later accesses through any expression find the same name, so aliases
// are one variable. Objects that values point to (pointers, maps,
// channels, funcs) are named by type and ordinal, "Account@3". The tables
// hold the pointers, which keeps the objects alive: an address is never
// reused for another object while the process records, so two objects
// never share a name.

// locKey is a location: its address and its type (typePtr).
type locKey struct{ p, t unsafe.Pointer }

// vname is a variable's name and its number in the log's dictionary
// (defineName; 0 if it has none), which binary events carry instead of
// the name (rt_binary.go).
type vname struct {
	s  string
	id uint64
}

var names = struct {
	loc  *table[locKey, vname]         // location → variable name
	obj  *table[unsafe.Pointer, vname] // object → name
	seen sync.Map                      // typePtr → true once a location of that type has a name

	mu    sync.Mutex
	count map[string]*int // description → ordinals used (a pointer: one lookup per name)
	taken map[string]bool // package-level names in use
	vol   map[string]bool // variables declared volatile
}{
	loc: newTable[locKey, vname](hashLoc), obj: newTable[unsafe.Pointer, vname](hashPtr),
	count: map[string]*int{}, taken: map[string]bool{}, vol: map[string]bool{},
}

// locName returns the variable name of the location k. desc is the
// instrumenter's description: "=pkg.name" for a package-level variable
// (used as is), else a type or field description that gets an ordinal.
func locName(k locKey, desc string) string {
	n, _ := newLocName(k, desc)
	return n.s
}

// newLocName is locName that also reports whether the location was named
// just now (its first recorded access).
func newLocName(k locKey, desc string) (vname, bool) {
	return names.loc.getOrAddAt(k, hashLoc(k), func(k locKey) vname {
		n := nameLoc(k, desc)
		return vname{n, defineName(n)}
	})
}

// nameLoc makes the name of the location k, new to the table.
func nameLoc(k locKey, desc string) string {
	if _, ok := names.seen.Load(k.t); !ok {
		names.seen.Store(k.t, true)
	}
	names.mu.Lock()
	defer names.mu.Unlock()
	global := strings.HasPrefix(desc, "=")
	desc = strings.TrimPrefix(desc, "=")
	if global && !names.taken[desc] {
		names.taken[desc] = true
		return desc
	}
	return ordinal(desc)
}

// ordinal is the next name "desc@N" (names.mu held).
func ordinal(desc string) string {
	n := names.count[desc]
	if n == nil {
		n = new(int)
		names.count[desc] = n
	}
	*n++
	return desc + "@" + strconv.Itoa(*n)
}

// knownName is the name of the location k if it has one.
func knownName(k locKey) (vname, bool) { return names.loc.getAt(k, hashLoc(k)) }

// objName names the object at p of the given kind ("Account", "map", "chan").
func objName(p unsafe.Pointer, kind string) string { return objVar(p, kind).s }

// objVar is objName with the name's number (vname; 0 for nil).
func objVar(p unsafe.Pointer, kind string) vname {
	if p == nil {
		return vname{s: "nil"}
	}
	n, _ := names.obj.getOrAdd(p, func(unsafe.Pointer) vname {
		names.mu.Lock()
		name := ordinal("@" + kind)[1:]
		names.mu.Unlock()
		return vname{name, defineName(name)}
	})
	return n
}

// objNameOf is objName for an object that a value of pointer type t
// points to; its kind ("Account") is worked out only when the object is
// new to the table, not at every access.
func objNameOf(p unsafe.Pointer, t reflect.Type) string { return objVarOf(p, t).s }

// objVarOf is objNameOf with the name's number.
func objVarOf(p unsafe.Pointer, t reflect.Type) vname {
	if n, ok := names.obj.get(p); ok {
		return n
	}
	return objVar(p, typeKind(t.Elem()))
}

// markVolatile reports whether v still needs its `volatile` directive,
// and notes that it has one.
func markVolatile(v string) bool {
	names.mu.Lock()
	defer names.mu.Unlock()
	if names.vol[v] {
		return false
	}
	names.vol[v] = true
	return true
}

// token makes s a valid name of the text format: no white space, no '#',
// not starting with '@'.
func token(s string) string {
	if s == "" {
		return "_"
	}
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '\v', '\f', '#', ',':
			return '_'
		}
		return r
	}, s)
	if s[0] == '@' {
		s = "_" + s
	}
	return s
}
