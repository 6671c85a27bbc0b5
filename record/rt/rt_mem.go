package rt

import "unsafe"

// Memory accesses. The first recorded access of a location also logs its
// value before that access as the variable's `init`: the location was
// initialised by code the recorder does not see (a composite literal,
// make, a package initialiser, a function argument), and a read of that
// value must not look like a read of a value nobody wrote.

// access logs an access of the location p; old is its value before it.
func access(p unsafe.Pointer, desc, site, op string, old, v any) {
	name, first := newLocName(p, desc)
	val := repr(v)
	s := cur()
	s.mu.Lock()
	if first {
		s.line(false, "init "+name+" "+repr(old))
	}
	s.ev(site, op, " ", name, " ", val)
	s.mu.Unlock()
}

// Read performs and logs a read of the location p (described by desc,
// see locName) and returns the value read.
func Read[T any](p *T, desc, site string) T {
	v := *p
	if on() {
		access(unsafe.Pointer(p), desc, site, "read", v, v)
	}
	return v
}

// Write performs and logs a write of v to the location p.
func Write[T any](p *T, v T, desc, site string) {
	old := *p
	*p = v
	if on() {
		access(unsafe.Pointer(p), desc, site, "write", old, v)
	}
}

// Wrote logs a write the instrumented code performed itself (so that the
// assignment converts the value as the original did): old is the value
// before, v the value written.
func Wrote[T any](p *T, old, v T, desc, site string) {
	if on() {
		access(unsafe.Pointer(p), desc, site, "write", old, v)
	}
}
