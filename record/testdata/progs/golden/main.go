// Command golden is a deterministic program of one goroutine whose
// recording is record's golden trace (TestRecordGolden): the raw log's
// encoding may change, the trace it collects into may not. It touches
// every kind of value the runtime logs — numbers of each kind and size,
// strings, pointers, maps, structs written whole, slices, channels,
// atomics, locks, a strings.Builder (buffers.go) — with values at the
// edges of their ranges, so that a lost bit, sign or digit shows.
package main

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

type point struct {
	X, Y int
}

type box struct {
	mu    sync.Mutex
	i     int
	i8    int8
	i16   int16
	i32   int32
	i64   int64
	u     uint
	u8    uint8
	u16   uint16
	u32   uint32
	u64   uint64
	up    uintptr
	b     bool
	f32   float32
	f64   float64
	s     string
	p     *point
	at    point
	m     map[string]int
	xs    []int
	hits  atomic.Int64
	count int32
}

var global int

func main() {
	b := &box{m: map[string]int{}, xs: make([]int, 3)}
	for _, v := range []int64{0, 1, -1, 63, -64, 64, -65, 127, 128, math.MaxInt64, math.MinInt64} {
		b.mu.Lock()
		b.i = int(v)
		b.i64 = v
		b.i8 = int8(v)
		b.i16 = int16(v)
		b.i32 = int32(v)
		b.u = uint(v)
		b.u8 = uint8(v)
		b.u16 = uint16(v)
		b.u32 = uint32(v)
		b.u64 = uint64(v)
		b.up = uintptr(v)
		b.b = v%2 == 0
		b.f32 = float32(v) / 3
		b.f64 = float64(v) / 7
		if b.i8 == 0 && b.b {
			global++
		}
		b.mu.Unlock()
	}
	b.f64 = math.Inf(-1)
	b.f64 = math.NaN()
	b.f32 = math.SmallestNonzeroFloat32
	b.s = "a \"quoted\"\nline"
	b.p = &point{1, 2}
	b.p.X++
	b.at = point{3, 4}
	b.at.Y = -b.at.X
	c := b.at
	b.m["k"] = b.p.Y
	b.m["k"] += len(b.s)
	delete(b.m, "k")
	b.xs[1] = 5
	b.xs = append(b.xs[:1], 7)
	ch := make(chan int, 2)
	ch <- b.i
	ch <- -int(b.i8)
	got := <-ch
	close(ch)
	rest, ok := <-ch
	_, ok2 := <-ch
	global += got + rest
	if ok && !ok2 {
		global++
	}
	b.hits.Add(2)
	atomic.AddInt32(&b.count, -3)
	ints := map[int]int{}
	for _, k := range []int{0, -1, 63, -64, 300, math.MaxInt, math.MinInt} {
		ints[k] = -k
		ints[k] += ints[k/2]
	}
	_, ok3 := ints[12345]
	delete(ints, 300)
	if !ok3 {
		global += len(ints)
	}
	bump(b, ch2)
	bump(b, ch2)
	twice(b, ch2)
	global += selects(b)
	fmt.Println(b.i, b.u, b.b, b.f32, b.f64, b.s, c, global, b.xs, b.hits.Load(), b.count, len(ch2), buffers())
}

// ch2 is the channel bump sends on.
var ch2 = make(chan int, 8)

// bump is called from three places (twice from main, once through
// twice): its events have one site each and three stacks, which the
// recorder tells apart however it walks the stack.
func bump(b *box, ch chan int) {
	b.mu.Lock()
	b.i++
	b.m["bump"] = b.i
	b.mu.Unlock()
	ch <- b.i
	b.hits.Add(1)
}

func twice(b *box, ch chan int) { bump(b, ch) }

// selects runs selects whose case is decided whatever the schedule: a
// loop over one select of several cases (a receive with ok, a send, a
// nil channel's case, a timer's) that takes a receive of an int, of a
// string, the send, then finds the channel closed twice — one directive
// for the turns whose send channel is nil, another for the turn that
// sends (nil and timer channels are left out); a select with a default
// over two channels in turn (a directive each), which takes neither
// default; one that takes its default; one whose only case left, beside
// a nil channel's, is a receive (no directive: a plain receive).
func selects(b *box) int {
	ints, strs, out := make(chan int, 1), make(chan string, 1), make(chan int, 1)
	var never chan int
	ints <- math.MinInt64
	n := 0
	for turn := 0; turn < 5; turn++ {
		if turn == 1 {
			strs <- "a string"
		}
		if turn == 3 {
			close(ints)
		}
		var send chan int
		if turn == 2 {
			send = out
		}
		select {
		case v, ok := <-ints:
			if ok {
				n += v % 7
			}
		case s := <-strs:
			n += len(s)
		case send <- b.i:
			n++
		case <-never:
		case <-time.After(time.Hour):
		}
	}
	other := make(chan int, 1)
	other <- 3
	for _, ch := range []chan int{other, out} {
		select {
		case v := <-ch:
			n += v
		default:
			n--
		}
	}
	select {
	case v := <-out:
		n += v
	default:
		n--
	}
	other <- 4
	select {
	case <-never:
	case v := <-other:
		n += v
	}
	return n
}
