package rt

import (
	"math"
	"reflect"
	"unsafe"
)

// Binary events. Reads and writes are most of what a program logs, and
// their text lines ("+3 $7 w account.balance@1 42\n") cost both the
// formatting and the bytes (each new page of the mapped log is a fault,
// rt_log.go). A read or write of a number is written as a record of a
// few bytes instead:
//
//	TAG CODE NAME VALUE
//
// TAG is one byte below ' ' (no text line starts with one): binInt,
// binUint, binBool, binFloat32 or binFloat64 for a read, one more for a
// write. CODE is the number of the event's point ("$7" is 7, 0 for none),
// NAME the number of the variable in the dictionary ("%3 NAME" lines,
// defineName), VALUE the value: a signed integer zigzag-encoded, an
// unsigned one as it is, a boolean as 0 or 1, a floating-point number
// its IEEE 754 bits (which the collector renders as floatRepr does); all
// are unsigned varints (7 bits a byte, low bits first, the high bit set
// on every byte but the last). A record has
// no stamp and no newline: its stamp is the one after its writer's last
// line (a local stamp, gstate.stamp), which the collector counts; it is
// written only where that stamp is due (not a goroutine's first line, not
// when the count since the last global stamp runs out).
//
// The lock events of a goroutine on a lock it holds (or takes) are
// records too, with a global stamp:
//
//	TAG STAMP CODE NAME
//
// TAG is binAcquire … binRequest, STAMP the global counter's value (the
// stamp without its subBits zero bits, as "=N" has it), CODE and NAME as
// above.
//
// A map operation's call event (rt_map.go) is a record with a local
// stamp:
//
//	TAG CODE NAME LEN A LEN B
//
// TAG is binMapRead plus the mapOp, NAME the map's number, A and B the
// call's arguments (a read's key and result, a write's key and value, a
// delete's key; empty for the others), each its length as a varint and
// its bytes.
//
// A read or write call of a map whose keys and values are ints (common
// maps, whose arguments, boxed and rendered as text, cost as much as the
// rest of the call: BenchmarkMapInts) is a record with a local stamp:
//
//	TAG CODE NAME A B
//
// TAG is binMapInt plus the mapOp (mapRead or mapWrite), A and B the
// key and the value (a read's result), zigzag-encoded varints.
//
// A channel event of a value of type int is "TAG STAMP CODE NAME VALUE"
// with TAG binChanInt plus the chanEvent and VALUE zigzag-encoded.
//
// A read or write of a pointer, a map, a channel or an unsafe pointer is
// "TAG CODE NAME OBJECT" with TAG binObj (one more for a write), a local
// stamp, and OBJECT the number of the name of the object it points to
// (objVar; 0 for nil).
//
// A channel event of a plain send or receive (rt_chan.go) is "TAG STAMP
// CODE NAME LEN VALUE" with TAG binChan plus the chanEvent, a global
// stamp, NAME the channel's number and VALUE the value sent or received
// as text (empty for the events without one).
//
// The event of a send or receive that a select took (rt_select.go) is
// "TAG STAMP CODE NAME SEL VALUE" with TAG binSelChan (a send) or one
// more (a receive), SEL the select's number (`select=sel@SEL`) and VALUE
// as text (LEN VALUE), or with TAG binSelChanInt (or one more) and VALUE
// an int zigzag-encoded; a global stamp. A select's default is "TAG
// STAMP CODE SEL" with TAG binDefault.
//
// The collector (record/rawbin.go) turns a record back into the line it
// stands for; the two must agree.
const (
	binInt        = 1
	binUint       = 3
	binBool       = 5
	binAcquire    = 7
	binRelease    = 8
	binRAcquire   = 9
	binRRelease   = 10
	binRequest    = 11
	binMapRead    = 12 // to binMapRead+mapClearOp
	binObj        = 18
	binChan       = 20 // to binChan+chanRecvExit
	binMapInt     = 26 // to binMapInt+mapWrite
	binChanInt    = 28 // to binChanInt+chanRecvExit
	binFloat32    = 34 // a read, one more for a write
	binFloat64    = 36
	binSelChan    = 38 // a send, one more for a receive
	binSelChanInt = 40 // likewise
	binDefault    = 42
	// maxBinary is the longest record: a tag and three varints.
	maxBinary = 1 + 3*10
)

// binNumber logs `OP NAME VALUE` for the number of kind k at p as a binary
// event, and reports whether it could (s.mu held).
func (s *gstate) binNumber(code pcode, op string, name vname, p unsafe.Pointer, k reflect.Kind) bool {
	if name.id == 0 || !s.localRecord() {
		return false
	}
	tag, v, ok := numberValue(p, k)
	if !ok {
		return false
	}
	s.accessRecord(tag, op, code, name.id, v)
	return true
}

// numberValue is the tag (a read's) and the value of the record of an
// access of the number of kind k at p; ok is false for a kind that is no
// number.
func numberValue(p unsafe.Pointer, k reflect.Kind) (tag byte, v uint64, ok bool) {
	switch k {
	case reflect.Int:
		return binInt, zigzag(int64(*(*int)(p))), true
	case reflect.Int8:
		return binInt, zigzag(int64(*(*int8)(p))), true
	case reflect.Int16:
		return binInt, zigzag(int64(*(*int16)(p))), true
	case reflect.Int32:
		return binInt, zigzag(int64(*(*int32)(p))), true
	case reflect.Int64:
		return binInt, zigzag(*(*int64)(p)), true
	case reflect.Uint:
		return binUint, uint64(*(*uint)(p)), true
	case reflect.Uint8:
		return binUint, uint64(*(*uint8)(p)), true
	case reflect.Uint16:
		return binUint, uint64(*(*uint16)(p)), true
	case reflect.Uint32:
		return binUint, uint64(*(*uint32)(p)), true
	case reflect.Uint64:
		return binUint, *(*uint64)(p), true
	case reflect.Uintptr:
		return binUint, uint64(*(*uintptr)(p)), true
	case reflect.Bool:
		if *(*bool)(p) {
			return binBool, 1, true
		}
		return binBool, 0, true
	case reflect.Float32:
		return binFloat32, uint64(math.Float32bits(*(*float32)(p))), true
	case reflect.Float64:
		return binFloat64, math.Float64bits(*(*float64)(p)), true
	}
	return 0, 0, false
}

// accessRecord writes the record "TAG CODE NAME VALUE" of a read (tag) or
// write (tag+1) with a local stamp (s.mu held, localRecord true).
func (s *gstate) accessRecord(tag byte, op string, code pcode, name, v uint64) {
	if op == opWrite {
		tag++
	}
	s.accessRec(tag, code.n, name, v)
}

// accessRec is accessRecord with the tag of the read or write.
func (s *gstate) accessRec(tag byte, code, name, v uint64) {
	s.room(maxBinary)
	at, i := s.recordAt()
	*(*byte)(at) = tag
	i = putUvarint(at, 1, code)
	i = putUvarint(at, i, name)
	i = putUvarint(at, i, v)
	s.sub++ // the record's stamp, which the collector counts
	s.endRecordAt(i)
}

// recordAt is where s's next record goes, at the end of s.buf, which has
// room for it (room): records are written there in place (putUvarint),
// without append's check of the capacity for each byte, and then made
// part of s.buf (endRecordAt).
func (s *gstate) recordAt() (unsafe.Pointer, int) {
	return unsafe.Add(*(*unsafe.Pointer)(unsafe.Pointer(&s.buf)), len(s.buf)), 0
}

// putUvarint writes x as an unsigned varint (appendUvarint's bytes) at at
// plus i, where s.buf has room for it, and returns the offset after it.
func putUvarint(at unsafe.Pointer, i int, x uint64) int {
	for x >= 0x80 {
		*(*byte)(unsafe.Add(at, i)) = byte(x) | 0x80
		x >>= 7
		i++
	}
	*(*byte)(unsafe.Add(at, i)) = byte(x)
	return i + 1
}

// endRecordAt makes the n bytes written at recordAt part of s's lines,
// and notes the event.
func (s *gstate) endRecordAt(n int) {
	s.buf = s.buf[:len(s.buf)+n]
	s.ck.setUsed(len(s.buf))
	s.n++
}

// localRecord reports whether s's next event may be a binary record with
// a local stamp: not its first (whose facts first writes, and which takes
// a global stamp), nor one whose stamp is global because the count since
// the last one ran out (gstate.stamp).
func (s *gstate) localRecord() bool { return s.n != 0 && s.sub != subMax }

// endRecord makes buf, s.buf with a record appended, s's lines, and notes
// the event.
func (s *gstate) endRecord(buf []byte) {
	s.buf = buf
	s.ck.setUsed(len(buf))
	s.n++
}

// maxMapText bounds the arguments of a map call written as a record; the
// recorder's renderings of values are short (long ones are hashes).
const maxMapText = 1024

// binMapCall logs the call event of the map operation op on the map
// numbered id, of arguments a and b, as a binary record of the given
// code, and reports whether it could (s.mu held, the thread line
// written).
func (s *gstate) binMapCall(code pcode, op mapOp, id uint64, a, b string) bool {
	if id == 0 || !s.localRecord() || len(a)+len(b) > maxMapText {
		return false
	}
	s.room(maxBinary + 20 + len(a) + len(b))
	buf := append(s.buf, binMapRead+byte(op))
	buf = appendUvarint(buf, code.n)
	buf = appendUvarint(buf, id)
	buf = append(appendUvarint(buf, uint64(len(a))), a...)
	buf = append(appendUvarint(buf, uint64(len(b))), b...)
	s.sub++
	s.endRecord(buf)
	return true
}

// binMapInts is binMapCall for a read or write of a map of ints: a key
// and a value as numbers (rt_map.go's mapArgs).
func (s *gstate) binMapInts(code pcode, op mapOp, id uint64, a, b int64) bool {
	if id == 0 || !s.localRecord() || op > mapWrite {
		return false
	}
	s.room(1 + 4*10)
	at, _ := s.recordAt()
	*(*byte)(at) = binMapInt + byte(op)
	i := putUvarint(at, 1, code.n)
	i = putUvarint(at, i, id)
	i = putUvarint(at, i, zigzag(a))
	i = putUvarint(at, i, zigzag(b))
	s.sub++
	s.endRecordAt(i)
	return true
}

// zigzag maps signed integers to unsigned ones with small magnitudes
// kept small: 0, -1, 1, -2 … become 0, 1, 2, 3 …
func zigzag(x int64) uint64 { return uint64(x<<1) ^ uint64(x>>63) }

// appendUvarint appends x as an unsigned varint (encoding/binary's
// format; its Append functions are newer than the runtime's Go version,
// overlay.go's rtGo).
func appendUvarint(buf []byte, x uint64) []byte {
	for x >= 0x80 {
		buf = append(buf, byte(x)|0x80)
		x >>= 7
	}
	return append(buf, byte(x))
}

// lockEv logs the lock event op (tag) of s on the lock st: a binary
// record where it can be one, else its text line (s.mu held).
func (s *gstate) lockEv(site string, tag byte, op string, st *lockState) {
	if st.id == 0 || s.n == 0 {
		s.ev(site, op, st.name)
		return
	}
	s.lockRec(s.code(site), tag, st)
}

// lockEvIn is lockEv with the slot c of the goroutine's cache of codes
// that holds the event's code (siteSlot; nil for none).
func (s *gstate) lockEvIn(c *nodeSlot, site string, tag byte, op string, st *lockState) {
	if c == nil || st.id == 0 || s.n == 0 {
		s.lockEv(site, tag, op, st)
		return
	}
	s.lockRec(c.code, tag, st)
}

// lockRec writes the record of the lock event tag of code on st, with a
// global stamp (s.mu held, not the goroutine's first event).
func (s *gstate) lockRec(code pcode, tag byte, st *lockState) {
	k := s.stamp(true) // before room (stamp)
	s.room(maxBinary)
	at, _ := s.recordAt()
	*(*byte)(at) = tag
	i := putUvarint(at, 1, k>>subBits)
	i = putUvarint(at, i, code.n)
	i = putUvarint(at, i, st.id)
	s.endRecordAt(i)
}

// binObject logs `OP NAME OBJECT` for the pointer, map, channel or unsafe
// pointer of type t at p as a binary record, and reports whether it could
// (s.mu held).
func (s *gstate) binObject(site, op string, name vname, p unsafe.Pointer, t reflect.Type) bool {
	k := t.Kind()
	if !object(k) {
		return false
	}
	obj := objectOf(p, k, t)
	if name.id == 0 || obj.id == 0 && obj.s != "nil" {
		return false
	}
	s.threadLine()
	code := s.code(site)
	if !s.localRecord() {
		return false
	}
	s.accessRecord(binObj, op, code, name.id, obj.id)
	return true
}

// object reports whether a value of kind k points to an object, which
// names it (objVar).
func object(k reflect.Kind) bool {
	return k == reflect.Pointer || k == reflect.Map || k == reflect.Chan || k == reflect.UnsafePointer
}

// objectOf is the name of the object that the pointer, map, channel or
// unsafe pointer (of kind k, type t) at p points to (objVar).
func objectOf(p unsafe.Pointer, k reflect.Kind, t reflect.Type) vname {
	switch k {
	case reflect.Pointer:
		return objVarOf(*(*unsafe.Pointer)(p), t)
	case reflect.Map:
		return objVar(*(*unsafe.Pointer)(p), "map")
	case reflect.Chan:
		return objVar(*(*unsafe.Pointer)(p), "chan")
	}
	return objVar(*(*unsafe.Pointer)(p), "unsafe.Pointer")
}

// chanEvent is a channel event of a plain send or receive; its number is
// its record's tag less binChan.
type chanEvent uint8

const (
	chanSendEnter chanEvent = iota
	chanSend
	chanSendExit
	chanRecvEnter
	chanRecv
	chanRecvExit
)

// chanEvents are the texts of the channel events: a, the channel's name,
// b, the value. record/rawbin.go has the same table.
var chanEvents = [...]struct{ a, b string }{
	chanSendEnter: {"enter void chan.send(any) target=", " args="},
	chanSend:      {"send ", " "},
	chanSendExit:  {"exit void chan.send(any) target=", ""},
	chanRecvEnter: {"enter any chan.recv() target=", ""},
	chanRecv:      {"recv ", " "},
	chanRecvExit:  {"exit any chan.recv() target=", " result="},
}

// chanEvValue is chanEv for an event with a value: a record of the
// number where the value is an int (chanValue), else chanEv of its text.
func (s *gstate) chanEvValue(site string, e chanEvent, c *chanState, v chanValue) {
	if !v.isInt || c.id == 0 || s.n == 0 {
		s.chanEv(site, e, c, v.text())
		return
	}
	code := s.code(site)
	k := s.stamp(true)
	s.room(1 + 4*10)
	at, _ := s.recordAt()
	*(*byte)(at) = binChanInt + byte(e)
	i := putUvarint(at, 1, k>>subBits)
	i = putUvarint(at, i, code.n)
	i = putUvarint(at, i, c.id)
	i = putUvarint(at, i, zigzag(v.i))
	s.endRecordAt(i)
}

// chanEv logs the channel event e of c with the value v ("" for the
// events without one), with a global stamp: a binary record where it can
// be one, else its text line (s.mu held).
func (s *gstate) chanEv(site string, e chanEvent, c *chanState, v string) {
	if c.id == 0 || s.n == 0 || len(v) > maxMapText {
		s.ev(site, chanEvents[e].a, c.name, chanEvents[e].b, v)
		return
	}
	code := s.code(site)
	k := s.stamp(true)
	s.room(maxBinary + 10 + len(v))
	buf := append(s.buf, binChan+byte(e))
	buf = appendUvarint(buf, k>>subBits)
	buf = appendUvarint(buf, code.n)
	buf = appendUvarint(buf, c.id)
	buf = append(appendUvarint(buf, uint64(len(v))), v...)
	s.endRecord(buf)
}

// selChanEv logs the send or receive e (chanSend or chanRecv) of c with
// the value v that the select sel took: a binary record where it can be
// one, else its text line with the key select=ID (s.mu held).
func (s *gstate) selChanEv(site string, e chanEvent, c *chanState, v chanValue, sel SelID) {
	var text string
	if !v.isInt {
		text = v.text()
	}
	if c.id == 0 || s.n == 0 || len(text) > maxMapText {
		s.ev(site, chanEvents[e].a, c.name, chanEvents[e].b, v.text(), " select=", sel.text())
		return
	}
	tag := byte(binSelChan)
	if v.isInt {
		tag = binSelChanInt
	}
	if e == chanRecv {
		tag++
	}
	code := s.code(site)
	k := s.stamp(true)
	s.room(maxBinary + 20 + len(text))
	buf := append(s.buf, tag)
	buf = appendUvarint(buf, k>>subBits)
	buf = appendUvarint(buf, code.n)
	buf = appendUvarint(buf, c.id)
	buf = appendUvarint(buf, uint64(sel))
	if v.isInt {
		buf = appendUvarint(buf, zigzag(v.i))
	} else {
		buf = append(appendUvarint(buf, uint64(len(text))), text...)
	}
	s.endRecord(buf)
}

// defaultEv logs `default ID`, the default case of the select sel: a
// binary record with a global stamp (a default is taken only while no
// case is ready, an order with the channels' events), else its text
// line (s.mu held).
func (s *gstate) defaultEv(site string, sel SelID) {
	if s.n == 0 {
		s.ev(site, "default ", sel.text())
		return
	}
	code := s.code(site)
	k := s.stamp(true)
	s.room(maxBinary)
	buf := append(s.buf, binDefault)
	buf = appendUvarint(buf, k>>subBits)
	buf = appendUvarint(buf, code.n)
	buf = appendUvarint(buf, uint64(sel))
	s.endRecord(buf)
}
