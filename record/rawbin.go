package record

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
)

// Binary records (record/rt/rt_binary.go writes them; the two must
// agree): a read or write of an integer or a boolean, "TAG CODE NAME
// VALUE" — TAG one byte, the rest unsigned varints (encoding/binary's).
// TAG is binInt, binUint or binBool for a read and one more for a write;
// CODE is the event's point ("$7" is 7, 0 for none); NAME a variable of
// the dictionary (rawLog.names, from 1); VALUE zigzag-encoded for a
// signed integer, as it is for an unsigned one, 0 or 1 for a boolean. A
// record's stamp is the one after its writer's last line. A lock event
// of its goroutine is "TAG STAMP CODE NAME" with TAG binAcquire …
// binRequest (lockOps) and a global stamp (STAMP is "=N"'s N). A map
// operation's call is "TAG CODE NAME LEN A LEN B" with TAG binMapRead …
// (mapCalls), NAME the map's number and A and B its arguments, each a
// length and bytes; its stamp is local. A read (binObj) or write (one
// more) of a pointer, map or channel is "TAG CODE NAME OBJECT", OBJECT
// the number of the name of the object it points to (0: nil), with a
// local stamp. A channel event of a plain send or receive is "TAG STAMP
// CODE NAME LEN VALUE" with TAG binChan … (chanEvents), a global stamp,
// NAME the channel's number and VALUE the value as text. A read or write
// call of a map of ints is "TAG CODE NAME A B" with TAG binMapInt (a
// read) or one more (a write), A and B the key and the value (a read's
// result) zigzag-encoded, with a local stamp: the same call as binMapRead's
// with A and B in decimal. A channel event of an int is "TAG STAMP CODE
// NAME VALUE" with TAG binChanInt … (chanEvents), VALUE zigzag-encoded:
// binChan's event with VALUE in decimal. A read or write of a float32 or
// float64 is binFloat32 or binFloat64's "TAG CODE NAME BITS" (one more
// for a write), BITS the value's IEEE 754 bits, rendered as the runtime's
// floatRepr does (strconv's shortest 'g' form, "NaN" for any NaN).
const (
	binInt        = 1
	binUint       = 3
	binBool       = 5
	binAcquire    = 7
	binMapRead    = binAcquire + len(lockOps)
	binObj        = binMapRead + len(mapCalls)
	binChan       = binObj + 2
	binMapInt     = binChan + len(chanEvents)
	binChanInt    = binMapInt + 2
	binFloat32    = binChanInt + len(chanEvents)
	binFloat64    = binFloat32 + 2
	binSelChan    = binFloat64 + 2
	binSelChanInt = binSelChan + len(selEvents)
	binDefault    = binSelChanInt + len(selEvents)
	binLast       = binDefault
)

// selEvents are the ops of the channel events a select took, from
// binSelChan (and binSelChanInt) on.
var selEvents = [...]string{"send", "recv"}

// chanEvents are the texts of the channel events from binChan on: a, the
// channel's name, b, the value (record/rt/rt_binary.go's chanEvents).
var chanEvents = [...]struct{ a, b string }{
	{"enter void chan.send(any) target=", " args="},
	{"send ", " "},
	{"exit void chan.send(any) target=", ""},
	{"enter any chan.recv() target=", ""},
	{"recv ", " "},
	{"exit any chan.recv() target=", " result="},
}

// mapCalls are the signatures of the map calls, from binMapRead on, and
// what precedes each of their two arguments (record/rt/rt_map.go's
// mapCalls and args): a call reads "SIG" + a + A + b + B.
var mapCalls = [...]struct{ sig, a, b string }{
	{"any map.read(any)", " args=", " result="},
	{"void map.write(any,any)", " args=", ","},
	{"void map.delete(any)", " args=", ""},
	{"void map.range()", "", ""},
	{"void map.next()", "", ""},
	{"void map.clear()", "", ""},
}

// lockOps are the ops of the lock records, from binAcquire on.
var lockOps = [...]string{"acquire", "release", "racquire", "rrelease", "request"}

// binaryTag reports whether a line that starts with b is a binary
// record: text lines start with their stamp.
func binaryTag(b byte) bool { return b >= binInt && int(b) <= binLast }

// recordKinds are the kinds of records past the accesses of integers and
// booleans, by the first tag of each one's range, the last range first.
var recordKinds = [...]struct {
	from int
	read func(*cursor, byte, [3]uint64) (bool, error)
}{
	{binDefault, (*cursor).defaultRecord},
	{binSelChanInt, (*cursor).selChanIntRecord},
	{binSelChan, (*cursor).selChanRecord},
	{binFloat32, (*cursor).floatRecord},
	{binChanInt, (*cursor).chanIntRecord},
	{binMapInt, (*cursor).mapIntRecord},
	{binChan, (*cursor).chanRecord},
	{binObj, (*cursor).objectRecord},
	{binMapRead, (*cursor).mapRecord},
	{binAcquire, (*cursor).lockRecord},
}

// binary reads the binary record at the cursor into c.seq and c.text.
// It returns false, and no error, for a record cut short by the end of a
// chunk that the end of the file cut (the program died writing it).
func (c *cursor) binary() (bool, error) {
	tag, _ := c.r.ReadByte()
	var f [3]uint64
	for i := range f {
		v, ok, err := c.varint()
		if !ok {
			return false, err
		}
		f[i] = v
	}
	for _, k := range recordKinds {
		if int(tag) >= k.from {
			return k.read(c, tag, f)
		}
	}
	code, id, v := f[0], f[1], f[2]
	var value string
	switch (tag - binInt) / 2 * 2 {
	case binInt - binInt:
		value = unzigzag(v)
	case binUint - binInt:
		value = strconv.FormatUint(v, 10)
	default:
		if v > 1 {
			return false, c.binaryError(fmt.Sprintf("a binary boolean of value %d", v))
		}
		value = strconv.FormatBool(v == 1)
	}
	return c.accessLine((tag-binInt)%2 == 1, code, id, value)
}

// accessLine makes the read (or write) of the variable id with the value
// text, of the code, c's line, with a local stamp.
func (c *cursor) accessLine(write bool, code, id uint64, value string) (bool, error) {
	if err := c.localStamp(); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(code, id)
	if err != nil {
		return false, err
	}
	op := "read"
	if write {
		op = "write"
	}
	c.text = c.thread + " " + op + " " + name + " " + value + suffix
	return true, nil
}

// lockRecord makes the lock event of tag, whose varints are f (STAMP CODE
// NAME), c's line.
func (c *cursor) lockRecord(tag byte, f [3]uint64) (bool, error) {
	stamp, code, id := f[0], f[1], f[2]
	if err := c.globalStamp(stamp); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(code, id)
	if err != nil {
		return false, err
	}
	c.text = c.thread + " " + lockOps[tag-binAcquire] + " " + name + suffix
	return true, nil
}

// globalStamp gives the record just read the global stamp whose counter
// value is stamp.
func (c *cursor) globalStamp(stamp uint64) error {
	switch {
	case stamp == 0 || stamp >= 1<<(64-stampSubBits):
		return c.binaryError(fmt.Sprintf("a binary synchronisation event of stamp %d", stamp))
	case c.thread == "":
		return c.binaryError("a binary event before its goroutine's \"# thread NAME\" line")
	}
	c.base, c.sub = stamp<<stampSubBits, 0
	c.seq = c.base
	return nil
}

// chanRecord makes the channel event of tag c's line: f holds STAMP,
// CODE and NAME; the value follows.
func (c *cursor) chanRecord(tag byte, f [3]uint64) (bool, error) {
	stamp, code, id := f[0], f[1], f[2]
	v, ok, err := c.binaryText(0, false)
	if err != nil || !ok {
		return false, err
	}
	if err := c.globalStamp(stamp); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(code, id)
	if err != nil {
		return false, err
	}
	e := chanEvents[int(tag)-binChan]
	c.text = c.thread + " " + e.a + name + e.b + v + suffix
	return true, nil
}

// chanIntRecord makes the channel event of an int of tag c's line: f
// holds STAMP, CODE and NAME; the value follows.
func (c *cursor) chanIntRecord(tag byte, f [3]uint64) (bool, error) {
	v, ok, err := c.varint()
	if !ok {
		return false, err
	}
	if err := c.globalStamp(f[0]); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(f[1], f[2])
	if err != nil {
		return false, err
	}
	e := chanEvents[int(tag)-binChanInt]
	if e.b == "" {
		return false, c.binaryError(fmt.Sprintf("a binary channel event of an int (tag %d) for an event without a value", tag))
	}
	c.text = c.thread + " " + e.a + name + e.b + unzigzag(v) + suffix
	return true, nil
}

// selChanRecord makes the select's channel event of tag c's line: f
// holds STAMP, CODE and NAME; the select's number and the value follow.
func (c *cursor) selChanRecord(tag byte, f [3]uint64) (bool, error) {
	sel, ok, err := c.varint()
	if !ok {
		return false, err
	}
	v, ok, err := c.binaryText(0, false)
	if err != nil || !ok {
		return false, err
	}
	return c.selChanLine(selEvents[int(tag)-binSelChan], f, sel, v)
}

// selChanIntRecord is selChanRecord for a value that is an int.
func (c *cursor) selChanIntRecord(tag byte, f [3]uint64) (bool, error) {
	sel, ok, err := c.varint()
	if !ok {
		return false, err
	}
	v, ok, err := c.varint()
	if !ok {
		return false, err
	}
	return c.selChanLine(selEvents[int(tag)-binSelChanInt], f, sel, unzigzag(v))
}

// selChanLine makes `op NAME VALUE select=sel@SEL` c's line, f holding
// its STAMP, CODE and NAME.
func (c *cursor) selChanLine(op string, f [3]uint64, sel uint64, v string) (bool, error) {
	if err := c.globalStamp(f[0]); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(f[1], f[2])
	if err != nil {
		return false, err
	}
	c.text = c.thread + " " + op + " " + name + " " + v + " select=" + selName(sel) + suffix
	return true, nil
}

// defaultRecord makes `default sel@SEL` c's line: f holds STAMP, CODE
// and SEL.
func (c *cursor) defaultRecord(_ byte, f [3]uint64) (bool, error) {
	if err := c.globalStamp(f[0]); err != nil {
		return false, err
	}
	suffix, err := c.codeSuffix(f[1])
	if err != nil {
		return false, err
	}
	c.text = c.thread + " default " + selName(f[2]) + suffix
	return true, nil
}

// selName is the name of the select numbered n (record/rt's SelID).
func selName(n uint64) string { return "sel@" + strconv.FormatUint(n, 10) }

// objectRecord makes the access of a pointer of tag, whose varints are
// f (CODE NAME OBJECT), c's line.
func (c *cursor) objectRecord(tag byte, f [3]uint64) (bool, error) {
	code, id, obj := f[0], f[1], f[2]
	value := "nil"
	if obj != 0 {
		var err error
		if value, _, err = c.binaryRefs(0, obj); err != nil {
			return false, err
		}
	}
	return c.accessLine(int(tag) == binObj+1, code, id, value)
}

// mapRecord makes the map call of tag c's line: f holds CODE and NAME,
// its two arguments follow.
func (c *cursor) mapRecord(tag byte, f [3]uint64) (bool, error) {
	code, id := f[0], f[1]
	var args [2]string
	for i := range args {
		a, ok, err := c.binaryText(f[2], i == 0)
		if err != nil || !ok {
			return false, err
		}
		args[i] = a
	}
	if err := c.localStamp(); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(code, id)
	if err != nil {
		return false, err
	}
	call := mapCalls[int(tag)-binMapRead]
	c.text = c.thread + " call " + call.sig + call.a + args[0] + call.b + args[1] + " target=" + name + suffix
	return true, nil
}

// mapIntRecord makes the map call of ints of tag c's line: f holds
// CODE, NAME and A, B follows.
func (c *cursor) mapIntRecord(tag byte, f [3]uint64) (bool, error) {
	b, ok, err := c.varint()
	if !ok {
		return false, err
	}
	if err := c.localStamp(); err != nil {
		return false, err
	}
	name, suffix, err := c.binaryRefs(f[0], f[1])
	if err != nil {
		return false, err
	}
	call := mapCalls[int(tag)-binMapInt]
	c.text = c.thread + " call " + call.sig + call.a + unzigzag(f[2]) + call.b + unzigzag(b) + " target=" + name + suffix
	return true, nil
}

// floatRecord makes the read or write of a floating-point number of tag
// c's line: f holds CODE, NAME and the value's bits.
func (c *cursor) floatRecord(tag byte, f [3]uint64) (bool, error) {
	code, id, v := f[0], f[1], f[2]
	var value string
	if int(tag) >= binFloat64 {
		value = floatText(math.Float64frombits(v), 64)
	} else {
		if v > math.MaxUint32 {
			return false, c.binaryError(fmt.Sprintf("a binary float32 of %d bits past 32", v))
		}
		value = floatText(float64(math.Float32frombits(uint32(v))), 32)
	}
	return c.accessLine((int(tag)-binFloat32)%2 == 1, code, id, value)
}

// floatText renders f of the given bits as the runtime's floatRepr does.
func floatText(f float64, bits int) string {
	if math.IsNaN(f) {
		return "NaN"
	}
	return strconv.FormatFloat(f, 'g', -1, bits)
}

// unzigzag renders the zigzag-encoded signed integer v in decimal.
func unzigzag(v uint64) string { return strconv.FormatInt(int64(v>>1)^-int64(v&1), 10) }

// binaryText reads a text argument of a binary record: its length (n, if
// first: the record's third varint, read already) and its bytes. ok is
// false, without an error, where a cut chunk ends.
func (c *cursor) binaryText(n uint64, first bool) (string, bool, error) {
	if !first {
		var err error
		if n, err = binary.ReadUvarint(c.r); err != nil {
			return c.binaryCut(err)
		}
	}
	if n > uint64(c.at.used) {
		return "", false, c.binaryError(fmt.Sprintf("a binary event's text of %d bytes, longer than its chunk", n))
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(c.r, b); err != nil {
		return c.binaryCut(err)
	}
	return string(b), true, nil
}

// varint reads the next varint of a binary record; ok is false when it
// cannot, with the error binaryCut makes of that (none for a record the
// end of the file cut).
func (c *cursor) varint() (v uint64, ok bool, err error) {
	v, err = binary.ReadUvarint(c.r)
	if err != nil {
		_, _, err = c.binaryCut(err)
		return 0, false, err
	}
	return v, true, nil
}

// binaryCut is what a record that ends early means: the end of a chunk
// the end of the file cut (no error), or an error.
func (c *cursor) binaryCut(err error) (string, bool, error) {
	if c.at.cut && (err == io.EOF || err == io.ErrUnexpectedEOF) {
		return "", false, nil
	}
	return "", false, c.binaryError(fmt.Sprintf("a binary event cut short or malformed: %v", err))
}

// localStamp gives the record just read the stamp after its writer's
// last line.
func (c *cursor) localStamp() error {
	switch {
	case c.base == 0:
		return c.binaryError("a binary event before its goroutine's first stamp")
	case c.thread == "":
		return c.binaryError("a binary event before its goroutine's \"# thread NAME\" line")
	case c.sub+1 >= 1<<stampSubBits:
		return c.binaryError("a binary event past the last local stamp")
	}
	c.sub++
	c.seq = c.base + c.sub
	return nil
}

// binaryRefs looks up the variable id and the code of a binary record in
// the dictionary: the name, and the end of the line (none for code 0).
func (c *cursor) binaryRefs(code, id uint64) (name, suffix string, err error) {
	if id == 0 || id > uint64(len(c.l.names)) {
		return "", "", c.binaryError(fmt.Sprintf("a binary event of variable %d, which the dictionary (%d names) does not define", id, len(c.l.names)))
	}
	suffix, err = c.codeSuffix(code)
	return c.l.names[id-1], suffix, err
}

// codeSuffix is the end of the line of a binary record of the code (none
// for 0).
func (c *cursor) codeSuffix(code uint64) (string, error) {
	if code == 0 {
		return "", nil
	}
	suffix, ok := c.l.dict[code]
	if !ok {
		return "", c.binaryError(fmt.Sprintf("a binary event of code $%d, which the dictionary does not define", code))
	}
	return suffix, nil
}

func (c *cursor) binaryError(what string) error {
	return fmt.Errorf("%s: chunk %d: %s", c.l.name, c.at.index, what)
}
