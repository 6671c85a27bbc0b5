package trace

import "hash/maphash"

// Sym is an interned string: variables, values, objects, locks, signatures,
// locations and thread names are stored once per trace and events refer to
// them by number. Sym 0 is the absent/empty string.
type Sym uint32

// NoSym marks an absent operand or key.
const NoSym Sym = 0

// Symbols is an intern table. It is not safe for concurrent mutation; a
// trace is built by one reader and then only read.
//
// A trace can hold a symbol per event (an STD recording gives every event
// a location of its own: about a million symbols at a million events), so
// the index from string to Sym is an open-addressing table of Syms,
// probed linearly and at most half full, rather than a map: four to eight
// bytes a symbol where a map[string]Sym took some forty
// (docs/engine.md, Limits; TestSymbolsIntern).
type Symbols struct {
	names []string
	seed  maphash.Seed
	// slots holds, at the place a string's hash gives (or the next free
	// one after it), its Sym; NoSym marks a free slot (the empty string,
	// Sym 0, is never looked up there). Its length is a power of two.
	slots []Sym
}

// NewSymbols returns a table holding only the empty string as Sym 0.
func NewSymbols() *Symbols {
	return &Symbols{names: []string{""}, seed: maphash.MakeSeed(), slots: make([]Sym, 16)}
}

// find returns the Sym of str and true, or the free slot where it would
// go and false.
func (s *Symbols) find(h uint64, str string) (int, bool) {
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		id := s.slots[i]
		if id == NoSym {
			return int(i), false
		}
		if s.names[id] == str {
			return int(id), true
		}
	}
}

// findBytes is find for a byte slice (no allocation).
func (s *Symbols) findBytes(h uint64, b []byte) (int, bool) {
	mask := uint64(len(s.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		id := s.slots[i]
		if id == NoSym {
			return int(i), false
		}
		if s.names[id] == string(b) {
			return int(id), true
		}
	}
}

// Intern returns the Sym of str, adding it if new.
func (s *Symbols) Intern(str string) Sym {
	if str == "" {
		return NoSym
	}
	h := maphash.String(s.seed, str)
	at, ok := s.find(h, str)
	if ok {
		return Sym(at)
	}
	return s.add(at, str)
}

// add adds str, whose free slot is at.
func (s *Symbols) add(at int, str string) Sym {
	id := Sym(len(s.names))
	s.names = append(s.names, str)
	s.slots[at] = id
	if 2*len(s.names) > len(s.slots) {
		s.grow()
	}
	return id
}

// grow doubles the slots and places every Sym again.
func (s *Symbols) grow() {
	s.slots = make([]Sym, 2*len(s.slots))
	mask := uint64(len(s.slots) - 1)
	for id := 1; id < len(s.names); id++ {
		i := maphash.String(s.seed, s.names[id]) & mask
		for s.slots[i] != NoSym {
			i = (i + 1) & mask
		}
		s.slots[i] = Sym(id)
	}
}

// InternBytes is Intern for a byte slice; it allocates only when b is new,
// which keeps the readers' per-line cost down.
func (s *Symbols) InternBytes(b []byte) Sym {
	if len(b) == 0 {
		return NoSym
	}
	h := maphash.Bytes(s.seed, b)
	at, ok := s.findBytes(h, b)
	if ok {
		return Sym(at)
	}
	return s.add(at, string(b))
}

// Lookup returns the Sym of str if it was interned.
func (s *Symbols) Lookup(str string) (Sym, bool) {
	if str == "" {
		return NoSym, true
	}
	at, ok := s.find(maphash.String(s.seed, str), str)
	if !ok {
		return NoSym, false
	}
	return Sym(at), true
}

// String returns the string of id.
func (s *Symbols) String(id Sym) string { return s.names[id] }

// Len is the number of interned strings, including the empty one.
func (s *Symbols) Len() int { return len(s.names) }

// SymsKey is a map key for a list of symbols: equal lists, equal keys.
func SymsKey(vs []Sym) string {
	b := make([]byte, 0, 4*len(vs))
	for _, v := range vs {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return string(b)
}
