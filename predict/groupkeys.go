package predict

import (
	"bytes"
	"encoding/binary"
	"slices"

	"gpredict/spec"
	"gpredict/trace"
)

// groupKeys makes report-group keys that are equal exactly when
// groupKey's are, in fewer bytes: names are numbered as met and a place
// is its location's symbol, or the event itself when it has no location
// (groupKey spells both out). The engine keeps one key per location
// group until the run ends and Reports one per report while it groups
// them; on a generated recording of a million events, where every event
// has a location of its own, that is a key per candidate (1.3 million),
// and the spelled-out keys took about twice the bytes. One goroutine
// uses a groupKeys at a time.
type groupKeys struct {
	tr    *trace.Trace
	names map[string]uint64
	occs  map[*spec.Alternative][][]int // occGroups, once per alternative
	parts [][]byte
	buf   []byte
}

func newGroupKeys(tr *trace.Trace) *groupKeys {
	return &groupKeys{tr: tr, names: map[string]uint64{}, occs: map[*spec.Alternative][][]int{}}
}

// key is the group key of a choice of events for alternative alt of p.
func (k *groupKeys) key(p *spec.Property, alt *spec.Alternative, choice []trace.EventRef) string {
	return string(k.keyBytes(p, alt, choice))
}

// keyBytes is key's bytes, valid until the next call.
func (k *groupKeys) keyBytes(p *spec.Property, alt *spec.Alternative, choice []trace.EventRef) []byte {
	groups, ok := k.occs[alt]
	if !ok {
		groups = occGroups(alt)
		k.occs[alt] = groups
	}
	b := binary.AppendUvarint(k.buf[:0], k.name(p.Name))
	for _, g := range groups {
		// The (event name, place) pairs of a group as a multiset: each
		// written as two uvarints, which delimit themselves, then
		// sorted, the group prefixed by its size.
		parts := k.parts[:0]
		for _, i := range g {
			part := binary.AppendUvarint(nil, k.name(alt.Occs[i].Event))
			parts = append(parts, binary.AppendUvarint(part, k.place(choice[i])))
		}
		slices.SortFunc(parts, bytes.Compare)
		b = binary.AppendUvarint(b, uint64(len(parts)))
		for _, part := range parts {
			b = append(b, part...)
		}
		k.parts = parts[:0]
	}
	k.buf = b
	return b
}

// name numbers a property or event name (the two never share a place in
// a key, so one numbering serves both).
func (k *groupKeys) name(s string) uint64 {
	n, ok := k.names[s]
	if !ok {
		n = uint64(len(k.names))
		k.names[s] = n
	}
	return n
}

// place is an event's place as eventPlace names it: its location's
// symbol (symbols are interned: one per distinct string), or the event
// itself when it has none, told apart by the lowest bit.
func (k *groupKeys) place(r trace.EventRef) uint64 {
	if loc := k.tr.Event(r).Loc; loc != trace.NoSym {
		return uint64(loc) << 1
	}
	return (uint64(r.Thread)<<32|uint64(r.Index))<<1 | 1
}
