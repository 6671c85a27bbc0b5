package rt

import (
	"encoding/binary"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"
)

// TestGoid: the fast goroutine id agrees with the traceback's on many
// goroutines at once (and the fast path is in use on this machine).
func TestGoid(t *testing.T) {
	if goid() != tracebackGoid() {
		t.Fatalf("goid %d, traceback %d", goid(), tracebackGoid())
	}
	if haveG && goidAt.offset == 0 {
		t.Errorf("no offset of the goroutine id found: every lookup takes the traceback")
	}
	var wg sync.WaitGroup
	bad := make(chan [2]int64, 100)
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if a, b := goid(), tracebackGoid(); a != b {
				bad <- [2]int64{a, b}
			}
		}()
	}
	wg.Wait()
	close(bad)
	for b := range bad {
		t.Errorf("goid %d, traceback %d", b[0], b[1])
	}
}

func TestRepr(t *testing.T) {
	type point struct{ X, Y int }
	type celsius float64
	x, y := new(int), new(int)
	for _, tc := range []struct {
		name string
		v    any
		want string
	}{
		{"int", 42, "42"}, {"bool", true, "true"}, {"uint8", uint8(7), "7"},
		{"float", 1.5, "1.5"}, {"named float", celsius(2.5), "2.5"},
		{"string", "a b#c,d", `"a\x20b\x23c\x2cd"`}, {"nil", nil, "nil"},
		{"nil pointer", (*int)(nil), "nil"}, {"empty struct", struct{}{}, "{}"},
	} {
		if got := repr(tc.v); got != tc.want {
			t.Errorf("%s: repr = %s; want %s", tc.name, got, tc.want)
		}
	}
	if repr(x) == repr(y) || repr(x) != repr(x) {
		t.Errorf("pointers: %s and %s; want one name per object", repr(x), repr(y))
	}
	if repr(point{1, 2}) == repr(point{2, 1}) || repr(point{1, 2}) != repr(point{1, 2}) {
		t.Errorf("structs: equal values must render alike, different ones differently")
	}
	long := string(make([]byte, 100))
	if got := repr(long); len(got) > 24 {
		t.Errorf("long string rendered as %q; want a hash", got)
	}
}

// TestLocName: a location keeps its first name; package-level
// descriptions are used as they are, others get an ordinal; a struct and
// its first field share an address but are two locations.
func TestLocName(t *testing.T) {
	a, b := new(int), new(int)
	intT := typePtr(reflect.TypeFor[int]())
	ka, kb := locKey{unsafe.Pointer(a), intT}, locKey{unsafe.Pointer(b), intT}
	n1, first := newLocName(ka, "Account.balance")
	n2, again := newLocName(ka, "something.else")
	n3, _ := newLocName(kb, "Account.balance")
	if !first || again || n1 != n2 || n1.s == n3.s {
		t.Errorf("names %v, %v, %v (first %v, again %v)", n1, n2, n3, first, again)
	}
	var g int
	if n, _ := newLocName(locKey{unsafe.Pointer(&g), intT}, "=main.g"); n.s != "main.g" {
		t.Errorf("package variable named %s; want main.g", n.s)
	}
	type pair struct{ X, Y int }
	pp := new(pair)
	whole, _ := newLocName(locKey{unsafe.Pointer(pp), typePtr(reflect.TypeFor[pair]())}, "pair")
	field, _ := newLocName(locKey{unsafe.Pointer(&pp.X), intT}, "pair.X")
	if whole.s == field.s {
		t.Errorf("a struct and its first field are both %s; want two locations", whole.s)
	}
}

// TestFirstEventFacts: the facts that order a goroutine's first event
// (gstate.after) are written after that event's line, whole, whatever
// path logs the event.
func TestFirstEventFacts(t *testing.T) {
	startRecording(t)
	x := 7
	for _, log := range []func(s *gstate){
		func(s *gstate) { s.ev("a.go:1", opWrite, "x 1") },
		func(s *gstate) { s.evNumber("a.go:1", opWrite, vname{s: "x"}, unsafe.Pointer(&x), reflect.Int) },
	} {
		s := newState("T")
		s.after = []string{"main:1"}
		s.mu.Lock()
		log(s)
		text := string(s.buf)
		s.mu.Unlock()
		// The event's stack and site are a code (rt_point.go).
		want := regexp.MustCompile(`^=\d+ # thread T\n(\+\d+ stack s\d+ [^\n]+\n)?(=\d+|\+\d+) \$\d+ w x (1|7)\n\+\d+ hb main:1 T:1\n$`)
		if !want.MatchString(text) {
			t.Errorf("logged %q; want the event, then its fact", text)
		}
	}
}

// TestRWOfRLocker: rw.RLocker() is recognised as rw itself, and no other
// Locker is.
func TestRWOfRLocker(t *testing.T) {
	var rw sync.RWMutex
	if got, ok := rwOfRLocker(rw.RLocker()); !ok || got != &rw {
		t.Errorf("rwOfRLocker(rw.RLocker()) = %p, %v; want %p, true", got, ok, &rw)
	}
	for _, l := range []sync.Locker{&rw, &sync.Mutex{}, (*sync.Mutex)(nil)} {
		if _, ok := rwOfRLocker(l); ok {
			t.Errorf("rwOfRLocker(%T) recognised", l)
		}
	}
}

// TestPointCodes: one code per (stack, site) pair, whichever goroutine
// asks and whatever the strings' addresses, with its dictionary line
// written before the code is returned.
func TestPointCodes(t *testing.T) {
	startRecording(t)
	a, b := newState("A"), newState("B")
	site := string([]byte("p.go:1")) // not the constant's address
	c1 := a.pointCode("s1", "p.go:1")
	for _, tc := range []struct {
		s           *gstate
		stack, site string
		same        bool
	}{
		{a, "s1", "p.go:1", true}, {b, "s1", site, true}, {a, "s2", "p.go:1", false}, {b, "s1", "p.go:2", false}, {a, "", "p.go:1", false},
	} {
		if got := tc.s.pointCode(tc.stack, tc.site); (got == c1) != tc.same || got.text == "" || got.text != "$"+strconv.FormatUint(got.n, 10) {
			t.Errorf("%s, %s: code %v; %v was s1, p.go:1's (same: %v)", tc.stack, tc.site, got, c1, tc.same)
		}
	}
	if got := a.pointCode("", ""); got != (pcode{}) {
		t.Errorf("no stack and no site: code %v; want none", got)
	}
	points.mu.Lock()
	dict := string(points.dict.buf)
	points.mu.Unlock()
	for _, want := range []string{c1.text + " stack=s1 @p.go:1\n", " @p.go:1\n"} {
		if !strings.Contains(dict, want) {
			t.Errorf("dictionary %q lacks %q", dict, want)
		}
	}
}

// TestUnlockByAnother: a mutex that another goroutine unlocks is
// released in its holder's thread, after the unlocking goroutine's call
// (hb), and a lock the holder released is held by nobody. The unlocker
// does not write into the holder's log (rt_foreign.go): it queues the
// release and notes it in its own log with the release's stamp; the
// holder writes it at that stamp before its next synchronisation event,
// after the unsynchronised events it logged meanwhile.
func TestUnlockByAnother(t *testing.T) {
	startRecording(t)
	var m, m2 sync.Mutex
	x := 0
	held, next, done := make(chan *gstate), make(chan bool), make(chan bool)
	go func() {
		Lock(Mark{}, &m, "mu", "u.go:1")
		held <- cur()
		<-next
		Write(Mark{}, &x, 1, "x", "u.go:3") // no synchronisation: before the release
		Lock(Mark{}, &m2, "mu2", "u.go:4")  // its global stamp writes the release first
		Unlock(Mark{}, &m2, "mu2", "u.go:5")
		done <- true
	}()
	a := <-held
	Unlock(Mark{}, &m, "mu", "u.go:2")
	b := cur()
	st, ok := lockStates.get(keyOf(&m))
	if !ok || st.excl != nil {
		t.Fatalf("after the unlock the lock's state is %v (found: %v); want no holder", st, ok)
	}
	textB := string(b.buf)
	note := regexp.MustCompile(`(?m)^\+\d+ # releases-for ` + strconv.FormatUint(a.writer, 10) + ` (\d+) (` + regexp.QuoteMeta(b.name) + `:\d+) (\$\d+) release ` + st.name + `$`).FindStringSubmatch(textB)
	if note == nil || !regexp.MustCompile(`(?m) call void sync.Mutex.Unlock\(\) target=`+st.name+`$`).MatchString(textB) {
		t.Fatalf("the unlocker logged %q; want its Unlock call and a note of the release for writer %d", textB, a.writer)
	}
	if !a.pending.Load() || strings.Contains(string(a.buf), "release") {
		t.Errorf("before the holder's next event its log is %q (pending %v); want the release queued, not written", a.buf, a.pending.Load())
	}
	next <- true
	<-done
	a.mu.Lock()
	textA := string(a.buf)
	a.mu.Unlock()
	re := `(?m)^=` + note[1] + ` ` + regexp.QuoteMeta(note[3]) + ` release ` + st.name + `\n\+1 hb ` + regexp.QuoteMeta(note[2]) + ` ` + regexp.QuoteMeta(a.name) + `:(\d+)\n\x07`
	got := regexp.MustCompile(re).FindStringSubmatch(textA)
	if got == nil || !strings.Contains(textA[:strings.Index(textA, "="+note[1]+" ")], "\x02") {
		t.Fatalf("the holder logged %q; want its write of x, then the release at the note's stamp %s with the fact from %s, then its acquire of mu2 (binary records: the write's tag 2, the acquire's 7)", textA, note[1], note[2])
	}
	if n, _ := strconv.Atoi(got[1]); n != 3 {
		t.Errorf("the release is %s:%s; want %s:3 (acquire, write, release)", a.name, got[1], a.name)
	}
}

// TestMarkState: an event finds its goroutine's state in the mark of its
// function (Mark.state) — the state Enter found — and a mark used on
// another goroutine than the one that made it, or the zero Mark, finds
// the calling goroutine's state by its id instead.
func TestMarkState(t *testing.T) {
	t.Setenv("GPREDICT_RECORD_DIR", t.TempDir())
	if !on() || !haveG {
		t.Skip("recording did not start (it starts once per process), or no shadow stacks here")
	}
	m := Enter()
	defer Leave(m)
	if m.s == nil || m.state() != m.s || m.s != cur() {
		t.Fatalf("mark of %v; its state %p, the goroutine's %p", m, m.state(), cur())
	}
	other := make(chan [2]*gstate)
	go func() { other <- [2]*gstate{m.state(), cur()} }()
	if got := <-other; got[0] != got[1] || got[0] == m.s {
		t.Errorf("the mark used on another goroutine gives state %p; want that goroutine's, %p, not the mark's, %p", got[0], got[1], m.s)
	}
	if (Mark{}).state() != cur() {
		t.Errorf("the zero mark gives state %p; want the goroutine's, %p", (Mark{}).state(), cur())
	}
}

// TestBufferedChunks: where chunks are buffers (off Linux, or when a
// mapping fails) a goroutine writes its log under its mutex, which Flush
// takes to write its chunk: a goroutine started by an instrumented `go`
// statement logs and ends, and Flush runs meanwhile, without a deadlock,
// and its lines reach the file.
func TestBufferedChunks(t *testing.T) {
	startRecording(t)
	rec.log.mapped = false // new chunks are buffers
	defer func() { rec.log.mapped = canMap }()
	x := 0
	done := make(chan bool)
	c := Fork("b.go:1")
	go func() {
		Start(c)
		defer func() { End(recover()) }()
		for i := 0; i < 3; i++ {
			Write(Mark{}, &x, i, "x", "b.go:2")
			Flush()
		}
		done <- true
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the goroutine did not finish: a deadlock on its log's mutex")
	}
	// The log's file stays open (the directory it was made in may be
	// another test's, removed since).
	st, err := rec.log.f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	data := make([]byte, st.Size())
	if _, err := rec.log.f.ReadAt(data, 0); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "# forked-by ") || !strings.Contains(string(data), "# thread b.go:1.") {
		t.Errorf("the log lacks the goroutine's lines")
	}
}

// TestKnownAccess: the fast path of an access of a location that has its
// name (knownAccess) writes, byte for byte, the record that the chain of
// logAccess writes for it — numbers of every kind, pointers (nil too),
// maps, channels, unsafe pointers — and leaves alone what it cannot write
// (a text value, a struct, a location without a name), which then takes
// that chain; and it gives way when the event's code writes a stack's
// directive that uses up the goroutine's local stamps.
func TestKnownAccess(t *testing.T) {
	startRecording(t)
	if !haveG || !canMap {
		t.Skip("no shadow stacks or no mapped chunks here: every access takes the chain")
	}
	m := Enter()
	defer Leave(m)
	s := m.state()
	type celsius float64
	type pair struct{ a, b int }
	n := 1
	vals := []any{
		new(int), new(int8), new(int16), new(int32), new(int64), new(uint), new(uint8), new(uint16),
		new(uint32), new(uint64), new(uintptr), new(bool), new(float32), new(float64), new(celsius),
		new(*int), &[]*int{&n}[0], new(map[int]int), &[]map[int]int{{}}[0], new(chan int),
		&[]chan int{make(chan int)}[0], new(unsafe.Pointer), &[]unsafe.Pointer{unsafe.Pointer(&n)}[0],
		new(string), new(pair), new([]int),
	}
	*vals[1].(*int8), *vals[4].(*int64), *vals[9].(*uint64) = -5, -1<<40, 1<<63
	*vals[11].(*bool), *vals[13].(*float64), *vals[14].(*celsius) = true, -2.5, 36.6
	Write(m, &n, 2, "n", "k.go:0") // not the goroutine's first event (threadLine, first)
	s.code("k.go:1")               // its stack's directive written
	fast := map[reflect.Kind]bool{reflect.String: false, reflect.Struct: false, reflect.Slice: false}
	for _, v := range vals {
		rv := reflect.ValueOf(v)
		p, typ := rv.UnsafePointer(), rv.Type().Elem()
		name, _ := newLocName(locKey{p, typePtr(typ)}, "v")
		for w, op := range []string{opRead, opWrite} {
			at := len(s.buf)
			ok := s.knownAccess(p, p, typ, "k.go:1", byte(w))
			got := string(s.buf[at:])
			at = len(s.buf)
			s.logAccess(name, p, typ, "k.go:1", op)
			want := string(s.buf[at:])
			if wantOK, listed := fast[typ.Kind()]; ok != (!listed || wantOK) {
				t.Errorf("%s %s: knownAccess %v", typ, op, ok)
			}
			if ok && got != want {
				t.Errorf("%s %s: knownAccess wrote %q; logAccess %q", typ, op, got, want)
			}
			if !ok && got != "" {
				t.Errorf("%s %s: knownAccess declined but wrote %q", typ, op, got)
			}
		}
	}
	// No name yet: the access needs the chain, which names the location.
	x := 3
	if at := len(s.buf); s.knownAccess(unsafe.Pointer(&x), unsafe.Pointer(&x), reflect.TypeFor[int](), "k.go:1", 0) || len(s.buf) != at {
		t.Errorf("an access of a location without a name took the fast path")
	}
	// A site new to this frame makes a new stack (a directive in s's log,
	// with a local stamp); with one local stamp left, that directive takes
	// it and the access must not be a record.
	newLocName(locKey{unsafe.Pointer(&x), typePtr(reflect.TypeFor[int]())}, "x")
	s.sub = subMax - 1
	site := "k.go:" + strconv.Itoa(int(time.Now().UnixNano()%1000)+2)
	if s.knownAccess(unsafe.Pointer(&x), unsafe.Pointer(&x), reflect.TypeFor[int](), site, 0) {
		t.Errorf("a record written after the stack's directive took the last local stamp: log %q", s.buf)
	}
	if s.sub != subMax {
		t.Fatalf("the stack's directive did not take a local stamp (sub %d): the test tests nothing", s.sub)
	}
}

// TestPutUvarint: a record's varints written in place are
// encoding/binary's.
func TestPutUvarint(t *testing.T) {
	buf := make([]byte, 32)
	for _, x := range []uint64{0, 1, 0x7f, 0x80, 0x3fff, 0x4000, 1<<35 + 3, 1<<63 - 1, 1 << 63, ^uint64(0)} {
		n := putUvarint(unsafe.Pointer(&buf[0]), 3, x)
		want := binary.AppendUvarint(nil, x)
		if got := buf[3:n]; string(got) != string(want) {
			t.Errorf("putUvarint(%#x) wrote % x; want % x", x, got, want)
		}
	}
}

// TestCodeCacheWays: two (node, site) pairs of one set of the
// goroutine's cache of codes both stay in it when used in turn.
func TestCodeCacheWays(t *testing.T) {
	startRecording(t)
	if !haveG {
		t.Skip("no shadow stacks here")
	}
	m := Enter()
	defer Leave(m)
	s := m.state()
	n := s.top()
	first := "w.go:1"
	second := ""
	for i := 2; second == ""; i++ {
		if site := "w.go:" + strconv.Itoa(i); s.setOf(n, site) == s.setOf(n, first) {
			second = site
		}
	}
	for turn := 0; turn < 3; turn++ {
		for _, site := range []string{first, second} {
			if c := s.nodeCode(n, site); c.n == 0 {
				t.Fatalf("no code for %s", site)
			}
		}
	}
	for _, site := range []string{first, second} {
		if s.slotOf(n, site) == nil {
			t.Errorf("%s and %s share a set; %s is not in the cache after both were used", first, second, site)
		}
	}
}

// TestSlotObjects: a lock or map operation finds its lock's or map's
// state in the slot of its site's code (lockAt, mapAt) only when the
// slot's last one was the same: two mutexes locked at one site, and two
// maps written at one site, each twice in a row, name their own.
func TestSlotObjects(t *testing.T) {
	startRecording(t)
	m := Enter()
	defer Leave(m)
	s := m.state()
	var mu1, mu2 sync.Mutex
	m1, m2 := map[int]int{}, map[int]int{}
	Write(m, new(int), 1, "x", "o.go:0") // not the goroutine's first event
	uvarint := func(b []byte) (uint64, []byte) {
		x, n := binary.Uvarint(b)
		return x, b[n:]
	}
	for turn := 0; turn < 3; turn++ { // the first writes directives (the locks' kinds, the stacks): not checked
		for _, mu := range []*sync.Mutex{&mu1, &mu1, &mu2, &mu2} {
			at := len(s.buf)
			Lock(m, mu, "mu", "o.go:1")
			Unlock(m, mu, "mu", "o.go:2")
			want, _ := lockStates.get(keyOf(mu))
			rest := s.buf[at:]
			if turn == 0 {
				continue
			}
			for _, tag := range []byte{binAcquire, binRelease} {
				if len(rest) == 0 || rest[0] != tag {
					t.Fatalf("turn %d: logged %q; want an acquire and a release record", turn, s.buf[at:])
				}
				var id uint64
				_, rest = uvarint(rest[1:]) // the stamp
				_, rest = uvarint(rest)     // the code
				id, rest = uvarint(rest)
				if id != want.id {
					t.Errorf("turn %d: the record of tag %d names lock %d; want %d (%s)", turn, tag, id, want.id, want.name)
				}
			}
		}
		for _, mp := range []map[int]int{m1, m1, m2, m2} {
			at := len(s.buf)
			MapWrite(m, mp, 1, 2, "o.go:3")
			want, _ := maps.get(mapPtr(mp))
			rest := s.buf[at:]
			if turn == 0 {
				continue
			}
			if len(rest) == 0 || rest[0] != binMapInt+byte(mapWrite) {
				t.Fatalf("turn %d: logged %q; want a map write record", turn, s.buf[at:])
			}
			_, rest = uvarint(rest[1:]) // the code
			if id, _ := uvarint(rest); id != want.id {
				t.Errorf("turn %d: the map write names map %d; want %d (%s)", turn, id, want.id, want.name)
			}
		}
	}
}

// TestChunkReuse: a goroutine keeps one mapped chunk (rt_log.go): its
// full chunks are copied out, each once, with their lines in order, and
// the mapped one holds the last.
func TestChunkReuse(t *testing.T) {
	startRecording(t)
	if !rec.log.mapped {
		t.Skip("chunks are buffers here")
	}
	s := newState("R")
	const lines = 8000 // about 3.5 chunks of "+N # line K" lines
	for i := 0; i < lines; i++ {
		s.line("# line ", strconv.Itoa(i))
		if i == 0 {
			first := s.ck
			defer func() {
				if s.ck != first {
					t.Errorf("the goroutine moved to another mapped chunk (at %d, was at %d): its full chunks were not copied out", s.ck.off, first.off)
				}
			}()
		}
	}
	if s.chunks < 3 {
		t.Fatalf("%d chunks written; want at least 3", s.chunks)
	}
	// The goroutine's chunks in the file, by number.
	st, err := rec.log.f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	byNumber := map[uint64][]byte{}
	for off := int64(headerSize); off+chunkHeader <= st.Size(); off += chunkSize {
		var hdr [chunkHeader]byte
		if _, err := rec.log.f.ReadAt(hdr[:], off); err != nil {
			t.Fatal(err)
		}
		if string(hdr[:4]) != chunkMagic || binary.LittleEndian.Uint64(hdr[8:]) != s.writer {
			continue
		}
		k := binary.LittleEndian.Uint64(hdr[16:])
		if _, dup := byNumber[k]; dup {
			t.Errorf("chunk %d of the writer is in the file twice", k)
		}
		data := make([]byte, binary.LittleEndian.Uint32(hdr[4:]))
		if _, err := rec.log.f.ReadAt(data, off+chunkHeader); err != nil {
			t.Fatal(err)
		}
		byNumber[k] = data
	}
	var all strings.Builder
	for k := uint64(0); k < s.chunks; k++ {
		data, ok := byNumber[k]
		if !ok {
			t.Fatalf("chunk %d of the writer is not in the file", k)
		}
		all.Write(data)
	}
	got := regexp.MustCompile(`# line (\d+)\n`).FindAllStringSubmatch(all.String(), -1)
	if len(got) != lines {
		t.Fatalf("%d lines in the chunks; want %d", len(got), lines)
	}
	for i, m := range got {
		if m[1] != strconv.Itoa(i) {
			t.Fatalf("line %d is line %s", i, m[1])
		}
	}
}
