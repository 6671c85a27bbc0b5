package rt

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Selects (docs/trace-format.md, "Selects"; docs/recording.md,
// "Channels"). Each select statement of instrumented code has a
// SelectSite, a package-level variable of its file that the rewriter
// makes (record/rewrite_go.go), which says what its cases are; before
// the select runs, Select is given the case's channels, in the order of
// the cases, and returns the id of the select over those channels. The
// first time a site meets a set of channels it writes the directive
// `select ID recv:CH send:CH ... default`, so the cases are written once
// per site and set of channels, not once per execution; the case the
// select takes logs its event with `select=ID` (SelRecv, SelSend), or
// `default ID` (SelDefault).
//
// A case the trace can never see ready is left out: a nil channel's
// (Go never takes it) and a timer's or ticker's (its sends are the Go
// runtime's, none is in the trace, and a fresh time.After per turn of a
// loop would make a new directive at every turn). A select left with
// one channel case and no default is its operation, as a plain send or
// receive: its id is 0, and its event has no key.

// SelectSite describes one select statement: its location, its channel
// cases in order ('r' a receive, 's' a send) and whether it has a
// default case. Made once per statement by the rewriter.
type SelectSite struct {
	Site    string
	Cases   string
	Default bool

	last atomic.Pointer[selSet] // the set of channels met last, the common case
	mu   sync.Mutex             // guards ids
	ids  map[string]SelID       // the ids of the sets met, by selKey
}

// selSet is a set of channels a site met, as given to Select (nil and
// timer channels included), its id, and the states of its timer
// channels (whose firing selectNote asks each time).
type selSet struct {
	chans  []unsafe.Pointer
	id     SelID
	timers []*chanState
}

// SelID is the id of a select over one set of channels: `sel@N` in the
// trace; 0 for a select written as its operation.
type SelID uint32

// selIDs numbers the selects of the process.
var selIDs atomic.Uint32

// text is id's name in the trace.
func (id SelID) text() string { return "sel@" + strconv.FormatUint(uint64(id), 10) }

// maxSelectCases is trace.MaxSelectCases: a select of more channels is
// written as its operations.
const maxSelectCases = 100

// Select is called before the select of site d runs, with the channels
// of its cases, evaluated as the select evaluates them; it returns the
// id that its case's event carries. A select without a default may
// block: before it the runtime notes what the goroutine may wait in
// (selectNote).
func Select(d *SelectSite, chans ...any) SelID {
	if !on() {
		return 0
	}
	yieldHere(oneInSync)
	set := d.set(chans)
	if !d.Default {
		selectNote(d, set, nil, chans)
	}
	return set.id
}

// SelectSending is Select for a select without a default that has send
// cases, given the values they send (in the order of its send cases):
// its note names the first send case whose channel is not nil, with its
// value, so that a goroutine the run leaves in the select is written as
// inside that send (record's collector, selectWait).
func SelectSending(d *SelectSite, values []any, chans ...any) SelID {
	if !on() {
		return 0
	}
	yieldHere(oneInSync)
	set := d.set(chans)
	selectNote(d, set, values, chans)
	return set.id
}

// set is d's set over chans: the set d met last (the common case), or
// lookup's.
func (d *SelectSite) set(chans []any) *selSet {
	if l := d.last.Load(); l != nil && sameChans(l.chans, chans) {
		return l
	}
	return d.lookup(chans)
}

// chanPtr is the channel held by x (an interface holding a channel: its
// data word is the channel's pointer).
func chanPtr(x any) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1] }

// sameChans reports whether chans are the channels of set.
func sameChans(set []unsafe.Pointer, chans []any) bool {
	if len(set) != len(chans) {
		return false
	}
	for i, ch := range chans {
		if set[i] != chanPtr(ch) {
			return false
		}
	}
	return true
}

// lookup returns d's set over chans, with its id, writing its directive
// the first time, and makes it d's last set.
func (d *SelectSite) lookup(chans []any) *selSet {
	var id SelID
	var timers []*chanState
	withState(func(s *gstate) {
		var dir []string
		var key []byte
		var cases []*chanState
		type selCase struct {
			c    *chanState
			kind byte
		}
		seen := map[selCase]bool{}
		for i, ch := range chans {
			c := chanOf(ch)
			if c != nil && c.isTimer() {
				timers = append(timers, c) // no case of the directive
				continue
			}
			if c == nil || seen[selCase{c, d.Cases[i]}] {
				continue
			}
			seen[selCase{c, d.Cases[i]}] = true
			cases = append(cases, c)
			kind := "recv:"
			if d.Cases[i] == 's' {
				kind = "send:"
			}
			dir = append(dir, kind+c.name)
			key = append(append(key, d.Cases[i]), c.name...)
			key = append(key, ' ')
		}
		if len(dir) > maxSelectCases || len(dir) == 0 || len(dir) == 1 && !d.Default {
			return
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		var known bool
		if id, known = d.ids[string(key)]; known {
			return
		}
		id = SelID(selIDs.Add(1))
		if d.ids == nil {
			d.ids = map[string]SelID{}
		}
		d.ids[string(key)] = id
		for _, c := range cases {
			c.declare(s) // the cases' capacities: a send case's readiness needs them
		}
		if d.Default {
			dir = append(dir, "default")
		}
		s.line("select " + id.text() + " " + strings.Join(dir, " "))
	})
	set := &selSet{chans: make([]unsafe.Pointer, len(chans)), id: id, timers: timers}
	for i, ch := range chans {
		set.chans[i] = chanPtr(ch)
	}
	d.last.Store(set)
	return set
}

// isTimer reports whether c is a timer's or ticker's channel (TimerChan).
func (c *chanState) isTimer() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.timer
}

// selectNote notes, before a select without a default case, which may
// block, what the goroutine may wait in (see blocking): "# blocks THREAD
// select recv=CH1,CH2 stack=ID @SITE" when every case receives, so that
// a goroutine the run leaves in the select is known to wait to receive
// from them (record's collector writes a recvwait for a select of one
// channel); "# blocks THREAD select send=CH:VALUE select=sel@N stack=ID
// @SITE" when one sends, given values (the first send case on a channel
// that is not nil, and the select's id, if any: the collector writes the
// goroutine left there as inside that send, which stands for the select,
// docs/semantics.md, Blocked ends); "# blocks THREAD select stack=ID
// @SITE" when one sends and values are not given. A nil channel, which
// never proceeds, is left out; each channel named is declared first, as
// by its other operations. A select that receives from a timer that will
// fire notes nothing: it does not wait for ever (rt_timer.go). The case
// the select takes logs an event, which makes the note obsolete.
func selectNote(d *SelectSite, set *selSet, values []any, chans []any) {
	for _, c := range set.timers {
		if c.willFire() {
			return // a timer that will fire ends the wait (rt_timer.go)
		}
	}
	id := set.id
	withState(func(s *gstate) {
		what := ""
		if !strings.Contains(d.Cases, "s") {
			var names []string
			for _, ch := range chans {
				if c := chanOf(ch); c != nil {
					c.declare(s)
					names = append(names, c.name)
				}
			}
			if len(names) > 0 {
				what = " recv=" + strings.Join(names, ",")
			}
		}
		for i, j := 0, 0; i < len(chans) && j < len(values); i++ {
			if d.Cases[i] != 's' {
				continue
			}
			v := values[j]
			j++
			if c := chanOf(chans[i]); c != nil {
				c.declare(s)
				what = " send=" + c.name + ":" + repr(v)
				if id != 0 {
					what += " select=" + id.text()
				}
				break
			}
		}
		s.line("# blocks " + s.name + " select" + what + " stack=" + s.stackID() + " @" + d.Site)
	})
}

// SelDefault logs that the select id took its default case (called first
// in the case).
func SelDefault(id SelID, site string) {
	if id == 0 || !on() {
		return
	}
	withState(func(s *gstate) { s.defaultEv(site, id) })
}
