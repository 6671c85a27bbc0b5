package trace

import "strings"

// TypeTable is the subtype relation used by `T+` patterns: the built-in
// java.util / java.util.concurrent table extended by `type` directives.
// Names are compared by simple name, so `List` and `java.util.List` are the
// same type (docs/trace-format.md); `Object` is a supertype of every type.
type TypeTable struct {
	supers map[string][]string // simple name → direct supertypes
}

// builtinTypes lists direct supertypes of the core collection types.
var builtinTypes = map[string][]string{
	"Iterable":               nil,
	"Collection":             {"Iterable"},
	"List":                   {"Collection", "SequencedCollection"},
	"Set":                    {"Collection"},
	"SortedSet":              {"Set", "SequencedSet"},
	"NavigableSet":           {"SortedSet"},
	"Queue":                  {"Collection"},
	"Deque":                  {"Queue", "SequencedCollection"},
	"SequencedCollection":    {"Collection"},
	"SequencedSet":           {"Set", "SequencedCollection"},
	"SequencedMap":           {"Map"},
	"AbstractCollection":     {"Collection"},
	"AbstractList":           {"AbstractCollection", "List"},
	"AbstractSequentialList": {"AbstractList"},
	"AbstractSet":            {"AbstractCollection", "Set"},
	"AbstractQueue":          {"AbstractCollection", "Queue"},
	"ArrayList":              {"AbstractList", "List", "RandomAccess"},
	"LinkedList":             {"AbstractSequentialList", "List", "Deque"},
	"Vector":                 {"AbstractList", "List", "RandomAccess"},
	"Stack":                  {"Vector"},
	"CopyOnWriteArrayList":   {"List", "RandomAccess"},
	"HashSet":                {"AbstractSet", "Set"},
	"LinkedHashSet":          {"HashSet", "SequencedSet"},
	"TreeSet":                {"AbstractSet", "NavigableSet"},
	"EnumSet":                {"AbstractSet"},
	"CopyOnWriteArraySet":    {"AbstractSet"},
	"ConcurrentSkipListSet":  {"AbstractSet", "NavigableSet"},
	"PriorityQueue":          {"AbstractQueue"},
	"ArrayDeque":             {"AbstractCollection", "Deque"},
	"BlockingQueue":          {"Queue"},
	"BlockingDeque":          {"BlockingQueue", "Deque"},
	"TransferQueue":          {"BlockingQueue"},
	"ArrayBlockingQueue":     {"AbstractQueue", "BlockingQueue"},
	"LinkedBlockingQueue":    {"AbstractQueue", "BlockingQueue"},
	"LinkedBlockingDeque":    {"AbstractQueue", "BlockingDeque"},
	"PriorityBlockingQueue":  {"AbstractQueue", "BlockingQueue"},
	"DelayQueue":             {"AbstractQueue", "BlockingQueue"},
	"SynchronousQueue":       {"AbstractQueue", "BlockingQueue"},
	"LinkedTransferQueue":    {"AbstractQueue", "TransferQueue"},
	"ConcurrentLinkedQueue":  {"AbstractQueue", "Queue"},
	"ConcurrentLinkedDeque":  {"AbstractCollection", "Deque"},
	"Map":                    nil,
	"SortedMap":              {"Map", "SequencedMap"},
	"NavigableMap":           {"SortedMap"},
	"AbstractMap":            {"Map"},
	"HashMap":                {"AbstractMap", "Map"},
	"LinkedHashMap":          {"HashMap", "SequencedMap"},
	"TreeMap":                {"AbstractMap", "NavigableMap"},
	"WeakHashMap":            {"AbstractMap"},
	"IdentityHashMap":        {"AbstractMap"},
	"EnumMap":                {"AbstractMap"},
	"Hashtable":              {"Dictionary", "Map"},
	"Properties":             {"Hashtable"},
	"Dictionary":             nil,
	"ConcurrentMap":          {"Map"},
	"ConcurrentNavigableMap": {"ConcurrentMap", "NavigableMap"},
	"ConcurrentHashMap":      {"AbstractMap", "ConcurrentMap"},
	"ConcurrentSkipListMap":  {"AbstractMap", "ConcurrentNavigableMap"},
	"Iterator":               nil,
	"ListIterator":           {"Iterator"},
	"Enumeration":            nil,
	"Spliterator":            nil,
	"RandomAccess":           nil,
}

// NewTypeTable returns the built-in table.
func NewTypeTable() *TypeTable {
	t := &TypeTable{supers: make(map[string][]string, len(builtinTypes))}
	for name, ss := range builtinTypes {
		t.supers[name] = append([]string(nil), ss...)
	}
	return t
}

// SimpleName strips a package qualifier: java.util.List → List.
func SimpleName(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// Add records that t is a subtype of each of supers (a `type` directive).
func (t *TypeTable) Add(name string, supers ...string) {
	n := SimpleName(name)
	for _, s := range supers {
		t.supers[n] = append(t.supers[n], SimpleName(s))
	}
	if _, ok := t.supers[n]; !ok {
		t.supers[n] = nil
	}
}

// Known reports whether name is in the table.
func (t *TypeTable) Known(name string) bool {
	_, ok := t.supers[SimpleName(name)]
	return ok
}

// IsSubtype reports whether sub is super or a (transitive) subtype of it.
func (t *TypeTable) IsSubtype(sub, super string) bool {
	sub, super = SimpleName(sub), SimpleName(super)
	if sub == super || super == "Object" {
		return true
	}
	seen := map[string]bool{sub: true}
	stack := []string{sub}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range t.supers[n] {
			if s == super {
				return true
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return false
}

// Supertypes returns the simple names of every proper supertype of name
// reachable in the table (not name itself, not the implicit Object). Type
// patterns with wildcards and `+` (e.g. `java.util.*Map+`) test these.
func (t *TypeTable) Supertypes(name string) []string {
	var out []string
	seen := map[string]bool{SimpleName(name): true}
	stack := []string{SimpleName(name)}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range t.supers[n] {
			if !seen[s] {
				seen[s] = true
				out = append(out, s)
				stack = append(stack, s)
			}
		}
	}
	return out
}
