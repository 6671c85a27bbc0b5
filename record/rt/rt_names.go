package rt

import (
	"fmt"
	"hash/fnv"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// Names of memory locations and objects. A location (a variable, a field,
// an element) is named when it is first accessed, after the description
// the instrumenter gives (`main.counter`, `Account.balance`, `[]int`),
// with an ordinal unless the description is a package-level variable's;
// later accesses through any expression find the same name, so aliases
// are one variable. Objects that values point to (pointers, maps,
// channels, funcs) are named by type and ordinal, "Account@3". The tables
// hold the pointers, which keeps the objects alive: an address is never
// reused for another object while the process records, so two objects
// never share a name.

var names = struct {
	known sync.Map // location → variable name: the lock-free path of locName
	mu    sync.Mutex
	loc   map[unsafe.Pointer]string // location → variable name
	obj   map[unsafe.Pointer]string // object → name
	count map[string]int            // description → ordinals used
	taken map[string]bool           // package-level names in use
	vol   map[string]bool           // variables declared volatile
}{
	loc: map[unsafe.Pointer]string{}, obj: map[unsafe.Pointer]string{},
	count: map[string]int{}, taken: map[string]bool{}, vol: map[string]bool{},
}

// locName returns the variable name of the location at p. desc is the
// instrumenter's description: "=pkg.name" for a package-level variable
// (used as is), else a type or field description that gets an ordinal.
func locName(p unsafe.Pointer, desc string) string {
	n, _ := newLocName(p, desc)
	return n
}

// newLocName is locName that also reports whether the location was named
// just now (its first recorded access).
func newLocName(p unsafe.Pointer, desc string) (string, bool) {
	if n, ok := names.known.Load(p); ok {
		return n.(string), false
	}
	names.mu.Lock()
	defer names.mu.Unlock()
	if n, ok := names.loc[p]; ok {
		return n, false
	}
	var n string
	global := strings.HasPrefix(desc, "=")
	desc = strings.TrimPrefix(desc, "=")
	if global && !names.taken[desc] {
		n = desc
		names.taken[desc] = true
	} else {
		names.count[desc]++
		n = desc + "@" + strconv.Itoa(names.count[desc])
	}
	names.loc[p] = n
	names.known.Store(p, n)
	return n, true
}

// objName names the object at p of the given kind ("Account", "map", "chan").
func objName(p unsafe.Pointer, kind string) string {
	if p == nil {
		return "nil"
	}
	names.mu.Lock()
	defer names.mu.Unlock()
	if n, ok := names.obj[p]; ok {
		return n
	}
	names.count["@"+kind]++
	n := kind + "@" + strconv.Itoa(names.count["@"+kind])
	names.obj[p] = n
	return n
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

// typeKind is a short name for a type in object names: the type's own
// name without package, or its kind ("map", "chan", "func", "slice").
func typeKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	if t.Name() != "" {
		return token(t.Name())
	}
	return t.Kind().String()
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

// maxString is the longest string recorded by value; longer ones are
// recorded by a hash of their content.
const maxString = 64

// repr renders a value as a trace value: scalars by value, references
// (pointers, maps, channels, funcs, slices) by the identity of what they
// point to, other values (structs, arrays) by a hash of their printed form.
// Two values get the same rendering only if they are equal (or, for
// hashed values, with negligible probability otherwise).
func repr(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.FormatInt(int64(x), 10)
	case int8:
		return strconv.FormatInt(int64(x), 10)
	case int16:
		return strconv.FormatInt(int64(x), 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint:
		return strconv.FormatUint(uint64(x), 10)
	case uint8:
		return strconv.FormatUint(uint64(x), 10)
	case uint16:
		return strconv.FormatUint(uint64(x), 10)
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case uintptr:
		return strconv.FormatUint(uint64(x), 10)
	case float32:
		return floatRepr(float64(x), 32)
	case float64:
		return floatRepr(x, 64)
	case string:
		return stringRepr(x)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Chan, reflect.UnsafePointer:
		if rv.IsNil() {
			return "nil"
		}
		kind := typeKind(rv.Type())
		if rv.Kind() == reflect.Pointer {
			kind = typeKind(rv.Type().Elem())
		}
		return objName(rv.UnsafePointer(), kind)
	case reflect.Func:
		if rv.IsNil() {
			return "nil"
		}
		return "func@" + strconv.FormatUint(uint64(rv.Pointer()), 16)
	case reflect.Slice:
		if rv.IsNil() {
			return "nil"
		}
		return objName(rv.UnsafePointer(), "slice") + "/" + strconv.Itoa(rv.Len())
	}
	if rv.Kind() >= reflect.Int && rv.Kind() <= reflect.Uintptr || rv.Kind() == reflect.Bool || rv.Kind() == reflect.String ||
		rv.Kind() == reflect.Float32 || rv.Kind() == reflect.Float64 {
		return repr(rv.Convert(basicType(rv.Kind())).Interface())
	}
	if rv.Kind() == reflect.Struct && rv.NumField() == 0 {
		return "{}"
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%#v", v)
	return "h:" + strconv.FormatUint(h.Sum64(), 16)
}

// basicType is the predeclared type of a kind, for named scalar types.
func basicType(k reflect.Kind) reflect.Type {
	switch k {
	case reflect.Bool:
		return reflect.TypeFor[bool]()
	case reflect.String:
		return reflect.TypeFor[string]()
	case reflect.Float32, reflect.Float64:
		return reflect.TypeFor[float64]()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return reflect.TypeFor[uint64]()
	}
	return reflect.TypeFor[int64]()
}

func floatRepr(f float64, bits int) string {
	if math.IsNaN(f) {
		return "NaN" // NaN is not equal to itself, but one token is all a trace has
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

// stringRepr quotes s Go-style, with spaces and '#' escaped so that it
// is one token; long strings become a hash of their content.
func stringRepr(s string) string {
	if len(s) > maxString {
		h := fnv.New64a()
		h.Write([]byte(s))
		return "s:" + strconv.FormatUint(h.Sum64(), 16)
	}
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q, " ", `\x20`)
	q = strings.ReplaceAll(q, "#", `\x23`)
	return strings.ReplaceAll(q, ",", `\x2c`)
}
