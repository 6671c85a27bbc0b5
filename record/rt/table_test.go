package rt

import (
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"
)

// TestTable: goroutines that add and look up keys at once, through
// several growths, each find every key with its value, and the value of
// each key is made once. Run with -race, it also checks that a slot's
// flag publishes its key and value.
func TestTable(t *testing.T) {
	for _, tc := range []struct {
		name             string
		goroutines, keys int
		hash             func(int64) uintptr
	}{
		{"spread", 4, 5000, hashInt},
		{"one bucket", 3, 300, func(int64) uintptr { return 7 }}, // every probe walks the chain
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab := newTable[int64, string](tc.hash)
			var made atomic.Int64
			var wg sync.WaitGroup
			for g := 0; g < tc.goroutines; g++ {
				wg.Add(1)
				go func(g int) {
					defer wg.Done()
					for i := 0; i < tc.keys; i++ {
						k := int64((i*7 + g*13) % tc.keys) // each goroutine in its own order
						v, _ := tab.getOrAdd(k, func(k int64) string { made.Add(1); return strconv.FormatInt(k, 10) })
						if want := strconv.FormatInt(k, 10); v != want {
							t.Errorf("getOrAdd(%d) = %q; want %q", k, v, want)
							return
						}
						if v, ok := tab.get(k); !ok || v != strconv.FormatInt(k, 10) {
							t.Errorf("get(%d) = %q, %v after it was added", k, v, ok)
							return
						}
					}
				}(g)
			}
			wg.Wait()
			if got := made.Load(); got != int64(tc.keys) {
				t.Errorf("%d values made; want one per key, %d", got, tc.keys)
			}
			if _, ok := tab.get(int64(tc.keys)); ok {
				t.Errorf("a key never added is found")
			}
			n := 0
			tab.each(func(k int64, v string) {
				n++
				if v != strconv.FormatInt(k, 10) {
					t.Errorf("each: %d → %q", k, v)
				}
			})
			if n != tc.keys {
				t.Errorf("each saw %d entries; want %d", n, tc.keys)
			}
		})
	}
}

// TestHotHashes: the hot paths look tables up with a hash they compute
// themselves (getAt, getOrAddAt); it must be the table's own, or a key is
// looked for in the wrong place and added twice.
func TestHotHashes(t *testing.T) {
	startRecording(t)
	var x, y int
	locs := []locKey{{nil, nil}, {unsafe.Pointer(&x), typePtr(reflect.TypeFor[int]())}, {unsafe.Pointer(&y), unsafe.Pointer(&x)}}
	for _, k := range locs {
		if names.loc.hash(k) != hashLoc(k) || lockStates.hash(k) != hashLoc(k) {
			t.Errorf("the names' or locks' table hashes %v otherwise than hashLoc", k)
		}
		p := k.p
		if maps.hash(p) != hashPtr(p) || chans.hash(p) != hashPtr(p) {
			t.Errorf("the maps' or channels' table hashes %p otherwise than hashPtr", p)
		}
	}
	for _, id := range []int64{1, 2, 1 << 40} {
		if rec.states.hash(id) != hashInt(id) {
			t.Errorf("the goroutines' table hashes %d otherwise than hashInt", id)
		}
	}
}
