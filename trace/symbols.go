package trace

// Sym is an interned string: variables, values, objects, locks, signatures,
// locations and thread names are stored once per trace and events refer to
// them by number. Sym 0 is the absent/empty string.
type Sym uint32

// NoSym marks an absent operand or key.
const NoSym Sym = 0

// Symbols is an intern table. It is not safe for concurrent mutation; a
// trace is built by one reader and then only read.
type Symbols struct {
	names []string
	index map[string]Sym
}

// NewSymbols returns a table holding only the empty string as Sym 0.
func NewSymbols() *Symbols {
	return &Symbols{names: []string{""}, index: map[string]Sym{"": NoSym}}
}

// Intern returns the Sym of s, adding it if new.
func (s *Symbols) Intern(str string) Sym {
	if id, ok := s.index[str]; ok {
		return id
	}
	id := Sym(len(s.names))
	s.names = append(s.names, str)
	s.index[str] = id
	return id
}

// InternBytes is Intern for a byte slice; it allocates only when b is new,
// which keeps the readers' per-line cost down.
func (s *Symbols) InternBytes(b []byte) Sym {
	if id, ok := s.index[string(b)]; ok {
		return id
	}
	return s.Intern(string(b))
}

// Lookup returns the Sym of s if it was interned.
func (s *Symbols) Lookup(str string) (Sym, bool) {
	id, ok := s.index[str]
	return id, ok
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
