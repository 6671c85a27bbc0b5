package trace

import (
	"strconv"
	"testing"
)

// TestSymbolsIntern: every string gets the next Sym when first met and the
// same one after, whether interned from a string or bytes, across the
// table's growths; Lookup finds exactly the interned strings; the empty
// string is NoSym; and the index stays at most four slots a symbol.
func TestSymbolsIntern(t *testing.T) {
	s := NewSymbols()
	if s.Intern("") != NoSym || s.InternBytes(nil) != NoSym || s.Len() != 1 {
		t.Fatal("the empty string is not NoSym")
	}
	const n = 50000
	name := func(i int) string {
		// Prefixes of one another, and numbers as STD locations are.
		return []string{"x", "xx", "T1:", ""}[i%4] + strconv.Itoa(i/2)
	}
	want := map[string]Sym{"": NoSym}
	for i := range n {
		str := name(i)
		var got Sym
		if i%2 == 0 {
			got = s.Intern(str)
		} else {
			got = s.InternBytes([]byte(str))
		}
		w, ok := want[str]
		if !ok {
			w = Sym(len(want))
			want[str] = w
		}
		if got != w {
			t.Fatalf("%q: Sym %d, want %d", str, got, w)
		}
	}
	if s.Len() != len(want) {
		t.Fatalf("Len %d, want %d", s.Len(), len(want))
	}
	for str, id := range want {
		if s.String(id) != str || s.Intern(str) != id || s.InternBytes([]byte(str)) != id {
			t.Fatalf("%q (Sym %d) does not come back", str, id)
		}
		if got, ok := s.Lookup(str); !ok || got != id {
			t.Fatalf("Lookup(%q) = %d, %v, want %d", str, got, ok, id)
		}
	}
	for _, str := range []string{"y", "x-1", "T1:" + strconv.Itoa(n)} {
		if _, ok := s.Lookup(str); ok {
			t.Errorf("Lookup(%q) finds a string never interned", str)
		}
	}
	if s.Len() != len(want) {
		t.Fatalf("looking up added symbols: Len %d, want %d", s.Len(), len(want))
	}
	if len(s.slots) > 4*s.Len() {
		t.Errorf("%d slots for %d symbols", len(s.slots), s.Len())
	}
}
