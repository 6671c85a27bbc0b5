package record

import (
	"fmt"
	"strconv"
	"strings"
)

// A goroutine U that unlocks a mutex another goroutine H holds does not
// write H's release into H's log (record/rt rt_foreign.go): it queues it,
// takes its global stamp G, and writes a note into its own log,
//
//	# releases-for WRITER G BY TEXT
//
// where WRITER is H's writer, BY U's unlock event and TEXT the release as
// H's raw line has it ("$7 release mu@1"). H writes the release itself, at
// G, when it next takes a global stamp; if it never does (it waits for
// ever, or the run is killed first) the merge writes it at G, as H's next
// event, with the fact "hb BY H:N" that H would have written. Either way
// every line of H before the release has a smaller stamp than G, so the
// release has the number H gave it or would have given it. The note's
// stamp is smaller than G (U's unlock event took its global stamp first),
// so the merge meets the note before it reaches G.

const notePrefix = "# releases-for "

// foreignRelease is a release a note announced.
type foreignRelease struct {
	holder   *cursor
	text, by string
	done     bool // the holder's log has it
}

// foreignReleases is what the merge keeps of the notes: the cursors by
// writer, the releases not yet reached by stamp (their G shifted), and
// the cursors of new ones, to merge at G.
type foreignReleases struct {
	writers map[uint64]*cursor
	pending map[uint64]*foreignRelease
	added   []*cursor
}

func newForeignReleases(n int) *foreignReleases {
	return &foreignReleases{writers: make(map[uint64]*cursor, n), pending: map[uint64]*foreignRelease{}}
}

// line handles the line at cursor c, the next in sequence order: a note
// becomes a cursor of its release (taken by the merge with take), a
// release's cursor writes it unless its holder did, and any other line is
// emitted (and a holder's line at a pending release's stamp is that
// release).
func (fr *foreignReleases) line(c *cursor, emit func(string) error) error {
	if r := c.release; r != nil {
		delete(fr.pending, c.seq&^stampSubMask)
		if r.done {
			return nil
		}
		h := r.holder
		text, _, err := h.l.lineText(h.thread, r.text)
		if err != nil {
			return fmt.Errorf("%s: the release a note announced: %v: %q", h.l.name, err, r.text)
		}
		h.events++
		if err := emit(text); err != nil {
			return err
		}
		return emit("hb " + r.by + " " + h.thread + ":" + strconv.Itoa(h.events))
	}
	if note, ok := strings.CutPrefix(c.text, notePrefix); ok {
		return fr.note(c, note)
	}
	if c.event {
		c.events++
	}
	if len(fr.pending) > 0 && c.seq&stampSubMask == 0 {
		if r := fr.pending[c.seq]; r != nil && r.holder == c {
			r.done = true
		}
	}
	return emit(c.text)
}

// note reads the note "WRITER G BY TEXT" of cursor c.
func (fr *foreignReleases) note(c *cursor, note string) error {
	f := strings.SplitN(note, " ", 4)
	var w, g uint64
	var err error
	if len(f) == 4 {
		w, err = strconv.ParseUint(f[0], 10, 64)
		if err == nil {
			g, err = strconv.ParseUint(f[1], 10, 64)
		}
	}
	if len(f) < 4 || err != nil || g == 0 || g >= 1<<(64-stampSubBits) {
		return fmt.Errorf("%s: chunk %d: not a note of the recorder (want %sWRITER STAMP EVENT TEXT): %q", c.l.name, c.at.index, notePrefix, c.text)
	}
	h := fr.writers[w]
	if h == nil {
		return nil // the holder's chunks were lost (warned about): its thread is gone
	}
	at := g << stampSubBits
	if c.seq >= at {
		return fmt.Errorf("%s: chunk %d: a note at stamp %d after the stamp %d of its release: %q", c.l.name, c.at.index, c.seq, at, c.text)
	}
	r := &foreignRelease{holder: h, text: f[3], by: f[2]}
	fr.pending[at] = r
	// After every line of the holder at G (its own release, and the lines
	// it logged after it, unless a million of them): a line that is not
	// H's has no stamp between G and the next global one.
	fr.added = append(fr.added, &cursor{l: c.l, seq: at | stampSubMask, release: r})
	return nil
}

// take returns the cursors of the releases noted since the last call.
func (fr *foreignReleases) take() []*cursor {
	a := fr.added
	fr.added = nil
	return a
}

// stampSubMask is the local part of a stamp.
const stampSubMask = 1<<stampSubBits - 1
