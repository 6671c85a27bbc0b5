package rt

import (
	"hash/maphash"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unsafe"
)

// Values. A value is rendered as one token of the text format: numbers,
// booleans and short strings by value, references (pointers, maps,
// channels, slices) by the identity of what they point to, functions by
// their code, and whatever else (a struct or array read or written whole
// beyond what is split into its fields, see layout) by a hash of the
// memory that holds it. Two renderings are equal only if the values are
// (hashes may collide, negligibly). Values are only ever compared within
// one variable, which is one location, so a hash of raw memory (pointers
// by address, strings by their header) tells apart exactly what a later
// read of that location can tell apart.

// hashSeed is fixed for the process: values are compared within one run.
var hashSeed = maphash.MakeSeed()

// maxString is the longest string recorded by value; longer ones are
// recorded by a hash of their content.
const maxString = 64

// typePtr is the identity of a type: the runtime's type descriptor, the
// data word of the reflect.Type interface. Types are canonical in a
// binary, so two locations of one type have the same typePtr.
func typePtr(t reflect.Type) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1]
}

// repr renders a value held in an interface (map keys and values,
// channel elements, call arguments).
func repr(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint64:
		return strconv.FormatUint(x, 10)
	case string:
		return stringRepr(x)
	case bool:
		return strconv.FormatBool(x)
	}
	rv := reflect.ValueOf(v)
	if !rv.CanAddr() {
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		rv = p.Elem()
	}
	return reprAt(rv.Addr().UnsafePointer(), rv.Type())
}

// reprAt renders the value of type t stored at p.
func reprAt(p unsafe.Pointer, t reflect.Type) string {
	if number(t.Kind()) {
		var b [maxNumber]byte
		return string(appendNumber(b[:0], p, t.Kind()))
	}
	switch t.Kind() {
	case reflect.String:
		return stringRepr(*(*string)(p))
	case reflect.Pointer:
		return objNameOf(*(*unsafe.Pointer)(p), t)
	case reflect.UnsafePointer:
		return objName(*(*unsafe.Pointer)(p), "unsafe.Pointer")
	case reflect.Map:
		return objName(*(*unsafe.Pointer)(p), "map")
	case reflect.Chan:
		return objName(*(*unsafe.Pointer)(p), "chan")
	case reflect.Func:
		if *(*unsafe.Pointer)(p) == nil {
			return "nil"
		}
		return "func@" + strconv.FormatUint(uint64(reflect.NewAt(t, p).Elem().Pointer()), 16)
	case reflect.Slice:
		h := (*sliceHeader)(p)
		if h.data == nil {
			return "nil"
		}
		return objName(h.data, "slice") + "/" + strconv.Itoa(h.len)
	case reflect.Interface:
		e := reflect.NewAt(t, p).Elem()
		if e.IsNil() {
			return "nil"
		}
		return repr(e.Elem().Interface())
	case reflect.Struct:
		if t.Size() == 0 {
			return "{}"
		}
	}
	return hashAt(p, t)
}

// number reports whether values of kind k are written by appendNumber.
func number(k reflect.Kind) bool {
	return k >= reflect.Bool && k <= reflect.Uintptr || k == reflect.Float32 || k == reflect.Float64
}

// maxNumber is the longest rendering of a number.
const maxNumber = 32

// appendNumber appends the rendering of the number (or boolean) of kind k
// at p, as reprAt renders it, without making a string.
func appendNumber(buf []byte, p unsafe.Pointer, k reflect.Kind) []byte {
	switch k {
	case reflect.Bool:
		return strconv.AppendBool(buf, *(*bool)(p))
	case reflect.Int:
		return strconv.AppendInt(buf, int64(*(*int)(p)), 10)
	case reflect.Int8:
		return strconv.AppendInt(buf, int64(*(*int8)(p)), 10)
	case reflect.Int16:
		return strconv.AppendInt(buf, int64(*(*int16)(p)), 10)
	case reflect.Int32:
		return strconv.AppendInt(buf, int64(*(*int32)(p)), 10)
	case reflect.Int64:
		return strconv.AppendInt(buf, *(*int64)(p), 10)
	case reflect.Uint:
		return strconv.AppendUint(buf, uint64(*(*uint)(p)), 10)
	case reflect.Uint8:
		return strconv.AppendUint(buf, uint64(*(*uint8)(p)), 10)
	case reflect.Uint16:
		return strconv.AppendUint(buf, uint64(*(*uint16)(p)), 10)
	case reflect.Uint32:
		return strconv.AppendUint(buf, uint64(*(*uint32)(p)), 10)
	case reflect.Uint64:
		return strconv.AppendUint(buf, *(*uint64)(p), 10)
	case reflect.Uintptr:
		return strconv.AppendUint(buf, uint64(*(*uintptr)(p)), 10)
	case reflect.Float32:
		return append(buf, floatRepr(float64(*(*float32)(p)), 32)...)
	case reflect.Float64:
		return append(buf, floatRepr(*(*float64)(p), 64)...)
	}
	return buf
}

type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// hashAt renders the struct, array or complex value at p by a hash of
// its memory. Padding is left out (a copy of a struct need not copy it).
func hashAt(p unsafe.Pointer, t reflect.Type) string {
	var h maphash.Hash
	h.SetSeed(hashSeed)
	hashInto(&h, p, t)
	return "h:" + strconv.FormatUint(h.Sum64(), 16)
}

func hashInto(h *maphash.Hash, p unsafe.Pointer, t reflect.Type) {
	switch t.Kind() {
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			hashInto(h, unsafe.Add(p, f.Offset), f.Type)
		}
	case reflect.Array:
		e := t.Elem()
		if plain(e) {
			h.Write(unsafe.Slice((*byte)(p), t.Size()))
			return
		}
		for i := 0; i < t.Len(); i++ {
			hashInto(h, unsafe.Add(p, uintptr(i)*e.Size()), e)
		}
	case reflect.String:
		s := *(*string)(p)
		h.WriteString(strconv.Itoa(len(s)))
		h.WriteString(s)
	case reflect.Slice:
		sh := (*sliceHeader)(p)
		h.Write(unsafe.Slice((*byte)(unsafe.Pointer(&sh.data)), 2*unsafe.Sizeof(uintptr(0))))
	default:
		h.Write(unsafe.Slice((*byte)(p), t.Size()))
	}
}

// plain reports whether t's memory is all value, without padding or
// headers: numbers, booleans, and arrays of them.
func plain(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return plain(t.Elem())
	}
	return false
}

func floatRepr(f float64, bits int) string {
	if math.IsNaN(f) {
		return "NaN" // NaN is not equal to itself, but one token is all a trace has
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

// stringRepr quotes s Go-style, with spaces, '#' and ',' escaped so that
// it is one token (also inside args=); long strings become a hash of
// their content.
func stringRepr(s string) string {
	if len(s) > maxString {
		return "s:" + strconv.FormatUint(maphash.String(hashSeed, s), 16)
	}
	q := strconv.Quote(s)
	if strings.ContainsAny(q, " #,") {
		q = strings.NewReplacer(" ", `\x20`, "#", `\x23`, ",", `\x2c`).Replace(q)
	}
	return q
}

// typeKind is a short name for a type in object names: the type's own
// name without package and type arguments, or its kind ("map", "chan",
// "func", "slice").
func typeKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer && t.Name() == "" {
		t = t.Elem()
	}
	if n := typeName(t); n != "" {
		return n
	}
	return t.Kind().String()
}

// typeName is t's name without package and type arguments, as the
// instrumenter names a field's struct ("Pair" for Pair[int]); "" for an
// unnamed type.
func typeName(t reflect.Type) string {
	n := t.Name()
	if i := strings.IndexByte(n, '['); i >= 0 {
		n = n[:i]
	}
	if n == "" {
		return ""
	}
	return token(n)
}

// shortTypeString is t written without package qualifiers, as the
// instrumenter describes elements ("[4]T" for [4]pkg.T).
func shortTypeString(t reflect.Type) string {
	s := t.String()
	var b strings.Builder
	start := 0 // start of the current identifier run
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.':
			start = i + 1 // drop the qualifier written so far
		case c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80:
		default:
			b.WriteString(s[start:i])
			b.WriteByte(c)
			start = i + 1
		}
	}
	b.WriteString(s[start:])
	return token(b.String())
}
