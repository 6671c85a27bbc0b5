package rt

import (
	"bytes"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestLoggedValues: an access is logged with the value it read or is to
// write, and a location's init with the value before it — never with
// what the location holds when the line is written, which a racing
// goroutine may have changed (rt_mem.go). The location holds a third
// value throughout; a log that shows it read the location.
func TestLoggedValues(t *testing.T) {
	startRecording(t)
	m := Enter()
	defer Leave(m)
	s := m.state()
	Write(m, new(int), 1, "logged", "v.go:0") // not the goroutine's first event
	typ := reflect.TypeFor[string]()
	for _, op := range []string{opRead, opWrite} {
		kind := strings.TrimSpace(op)
		loc, val, old := "stored-"+kind, "accessed-"+kind, "before-"+kind
		at := len(s.buf)
		record(s, unsafe.Pointer(&loc), unsafe.Pointer(&val), unsafe.Pointer(&old), typ, "logged", "v.go:1", op)
		got := s.buf[at:]
		for _, want := range []string{val, old} {
			if !bytes.Contains(got, []byte(strconv.Quote(want))) {
				t.Errorf("%s logged %q; want %q in it", kind, got, want)
			}
		}
		if bytes.Contains(got, []byte(loc)) {
			t.Errorf("%s logged %q: the location's value, not the access's", kind, got)
		}
	}

	// The first write of a location names it with the value before the
	// write as its init, so the write is logged before it stores (a
	// write stored first would make its own value the init, and a read
	// racing with it could name the location so).
	loc := "initial"
	at := len(s.buf)
	Write(m, &loc, "written", "logged", "v.go:2")
	got := s.buf[at:]
	init, write := bytes.Index(got, []byte(strconv.Quote("initial"))), bytes.Index(got, []byte(strconv.Quote("written")))
	if init < 0 || write < init || loc != "written" {
		t.Errorf("first write logged %q, location %q; want the init %q, then the write of %q", got, loc, "initial", "written")
	}
}
