package rt

import (
	"bytes"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
)

// The standard library's unsynchronised buffers. bytes.Buffer and
// strings.Builder are documented as not safe for concurrent use, and
// their fields are the standard library's, which is not instrumented: a
// goroutine writing a buffer while another reads it was not in the trace
// (GoBench's moby/18412, where os/exec's goroutine fills the buffer,
// rt_exec.go). Each buffer is modelled as one variable, accessed by every
// method call in instrumented code: a method that only looks at the
// buffer reads it, every other one writes it (Read* methods move the
// read offset). The variable is an ordinary one, not volatile: two
// accesses that nothing orders, one a write, are a race, as on the
// fields the methods touch.
//
// Its values are versions: the recorder keeps a counter per buffer and
// logs, under the buffer's lock, the next version for a write and the
// current one for a read, with a global stamp; so every read in the
// trace reads the last write logged before it, and the first access logs
// the variable's init 0, as the first access of any location does
// (rt_mem.go).
//
// An access is logged after the method returns: every method touches the
// buffer's fields last before it returns (ReadFrom and WriteTo also
// before they call the reader or writer), and a method that panics
// before touching them (Grow of a negative count, a strings.Builder
// copied by value) logs nothing, which a model that logged before the
// call would get wrong.

// bufModel is the type of the buffers' variables in the table of names:
// their key is the buffer's address with this type, which no location of
// the program has, so a buffer's variable is never one of the variables
// its fields are when the program copies a buffer whole.
type bufModel struct{ _ byte }

var bufModelType = typePtr(reflect.TypeOf(bufModel{}))

type bufState struct {
	mu      sync.Mutex
	version int
}

var bufModels = registry[unsafe.Pointer, bufState]{make: func() *bufState { return &bufState{} }}

// bufAccess logs an access of the buffer at p (nil: nothing, the method
// ran on a nil pointer), described by desc, at site.
func bufAccess(p unsafe.Pointer, write bool, desc, site string) {
	if p == nil || !on() {
		return
	}
	b := bufModels.of(p)
	b.mu.Lock()
	defer b.mu.Unlock()
	name, first := newLocName(locKey{p, bufModelType}, desc)
	withState(func(s *gstate) {
		if first {
			s.line("init ", name.s, " 0")
		}
		op := opRead
		if write {
			b.version++
			op = opWrite
		}
		s.ev(site, op, name.s, " ", strconv.Itoa(b.version))
	})
}

func bufRead(b *bytes.Buffer, desc, site string)  { bufAccess(unsafe.Pointer(b), false, desc, site) }
func bufWrite(b *bytes.Buffer, desc, site string) { bufAccess(unsafe.Pointer(b), true, desc, site) }
func builderRead(b *strings.Builder, desc, site string) {
	bufAccess(unsafe.Pointer(b), false, desc, site)
}
func builderWrite(b *strings.Builder, desc, site string) {
	bufAccess(unsafe.Pointer(b), true, desc, site)
}

// bytes.Buffer's methods that only look.

func BufferAvailable(b *bytes.Buffer, desc, site string) int {
	n := b.Available()
	bufRead(b, desc, site)
	return n
}

func BufferAvailableBuffer(b *bytes.Buffer, desc, site string) []byte {
	p := b.AvailableBuffer()
	bufRead(b, desc, site)
	return p
}

func BufferBytes(b *bytes.Buffer, desc, site string) []byte {
	p := b.Bytes()
	bufRead(b, desc, site)
	return p
}

func BufferCap(b *bytes.Buffer, desc, site string) int {
	n := b.Cap()
	bufRead(b, desc, site)
	return n
}

func BufferLen(b *bytes.Buffer, desc, site string) int {
	n := b.Len()
	bufRead(b, desc, site)
	return n
}

func BufferString(b *bytes.Buffer, desc, site string) string {
	s := b.String()
	bufRead(b, desc, site)
	return s
}

// bytes.Buffer's methods that change it.

func BufferGrow(b *bytes.Buffer, n int, desc, site string) {
	b.Grow(n)
	bufWrite(b, desc, site)
}

func BufferNext(b *bytes.Buffer, n int, desc, site string) []byte {
	p := b.Next(n)
	bufWrite(b, desc, site)
	return p
}

func BufferRead(b *bytes.Buffer, p []byte, desc, site string) (int, error) {
	n, err := b.Read(p)
	bufWrite(b, desc, site)
	return n, err
}

func BufferReadByte(b *bytes.Buffer, desc, site string) (byte, error) {
	c, err := b.ReadByte()
	bufWrite(b, desc, site)
	return c, err
}

func BufferReadBytes(b *bytes.Buffer, delim byte, desc, site string) ([]byte, error) {
	p, err := b.ReadBytes(delim)
	bufWrite(b, desc, site)
	return p, err
}

func BufferReadFrom(b *bytes.Buffer, r io.Reader, desc, site string) (int64, error) {
	n, err := b.ReadFrom(r)
	bufWrite(b, desc, site)
	return n, err
}

func BufferReadRune(b *bytes.Buffer, desc, site string) (rune, int, error) {
	r, size, err := b.ReadRune()
	bufWrite(b, desc, site)
	return r, size, err
}

func BufferReadString(b *bytes.Buffer, delim byte, desc, site string) (string, error) {
	s, err := b.ReadString(delim)
	bufWrite(b, desc, site)
	return s, err
}

func BufferReset(b *bytes.Buffer, desc, site string) {
	b.Reset()
	bufWrite(b, desc, site)
}

func BufferTruncate(b *bytes.Buffer, n int, desc, site string) {
	b.Truncate(n)
	bufWrite(b, desc, site)
}

// BufferUnreadByte is (*bytes.Buffer).UnreadByte: one that fails only
// looked at the last operation, a read.
func BufferUnreadByte(b *bytes.Buffer, desc, site string) error {
	err := b.UnreadByte()
	bufAccess(unsafe.Pointer(b), err == nil, desc, site)
	return err
}

// BufferUnreadRune is (*bytes.Buffer).UnreadRune, as UnreadByte.
func BufferUnreadRune(b *bytes.Buffer, desc, site string) error {
	err := b.UnreadRune()
	bufAccess(unsafe.Pointer(b), err == nil, desc, site)
	return err
}

func BufferWrite(b *bytes.Buffer, p []byte, desc, site string) (int, error) {
	n, err := b.Write(p)
	bufWrite(b, desc, site)
	return n, err
}

func BufferWriteByte(b *bytes.Buffer, c byte, desc, site string) error {
	err := b.WriteByte(c)
	bufWrite(b, desc, site)
	return err
}

func BufferWriteRune(b *bytes.Buffer, r rune, desc, site string) (int, error) {
	n, err := b.WriteRune(r)
	bufWrite(b, desc, site)
	return n, err
}

func BufferWriteString(b *bytes.Buffer, s string, desc, site string) (int, error) {
	n, err := b.WriteString(s)
	bufWrite(b, desc, site)
	return n, err
}

func BufferWriteTo(b *bytes.Buffer, w io.Writer, desc, site string) (int64, error) {
	n, err := b.WriteTo(w)
	bufWrite(b, desc, site)
	return n, err
}

// strings.Builder's methods.

func BuilderCap(b *strings.Builder, desc, site string) int {
	n := b.Cap()
	builderRead(b, desc, site)
	return n
}

func BuilderLen(b *strings.Builder, desc, site string) int {
	n := b.Len()
	builderRead(b, desc, site)
	return n
}

func BuilderString(b *strings.Builder, desc, site string) string {
	s := b.String()
	builderRead(b, desc, site)
	return s
}

// BuilderGrow is (*strings.Builder).Grow, which changes the builder's
// contents only when it lacks the room: with room it only looks (its
// copy check may note the builder's address, which no read of the
// contents sees).
func BuilderGrow(b *strings.Builder, n int, desc, site string) {
	grows := b != nil && b.Cap()-b.Len() < n
	b.Grow(n)
	if grows {
		builderWrite(b, desc, site)
	} else {
		builderRead(b, desc, site)
	}
}

func BuilderReset(b *strings.Builder, desc, site string) {
	b.Reset()
	builderWrite(b, desc, site)
}

func BuilderWrite(b *strings.Builder, p []byte, desc, site string) (int, error) {
	n, err := b.Write(p)
	builderWrite(b, desc, site)
	return n, err
}

func BuilderWriteByte(b *strings.Builder, c byte, desc, site string) error {
	err := b.WriteByte(c)
	builderWrite(b, desc, site)
	return err
}

func BuilderWriteRune(b *strings.Builder, r rune, desc, site string) (int, error) {
	n, err := b.WriteRune(r)
	builderWrite(b, desc, site)
	return n, err
}

func BuilderWriteString(b *strings.Builder, s string, desc, site string) (int, error) {
	n, err := b.WriteString(s)
	builderWrite(b, desc, site)
	return n, err
}

// fmt's functions that write to a writer the instrumenter knows to be a
// *bytes.Buffer or a *strings.Builder: each calls its Write once, even
// for empty output.

func FmtFprint(w io.Writer, desc, site string, a ...any) (int, error) {
	n, err := fmt.Fprint(w, a...)
	bufAccess(bufPointer(w), true, desc, site)
	return n, err
}

func FmtFprintf(w io.Writer, desc, site string, format string, a ...any) (int, error) {
	n, err := fmt.Fprintf(w, format, a...)
	bufAccess(bufPointer(w), true, desc, site)
	return n, err
}

func FmtFprintln(w io.Writer, desc, site string, a ...any) (int, error) {
	n, err := fmt.Fprintln(w, a...)
	bufAccess(bufPointer(w), true, desc, site)
	return n, err
}

// bufPointer is the buffer w holds, nil if none (or a nil pointer).
func bufPointer(w io.Writer) unsafe.Pointer {
	switch b := w.(type) {
	case *bytes.Buffer:
		return unsafe.Pointer(b)
	case *strings.Builder:
		return unsafe.Pointer(b)
	}
	return nil
}
