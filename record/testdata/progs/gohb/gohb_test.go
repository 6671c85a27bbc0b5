package gohb

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Each test hands a value from one goroutine to another through the
// synchronisation it is about; a sleep, which orders nothing, makes the
// hand-over happen in the run.
const later = 20 * time.Millisecond

func TestInit(t *testing.T) {
	if initialized != 1 {
		t.Fatalf("initialized = %d", initialized)
	}
}

// handOver runs give on one goroutine and, later, take on another: take
// must see the write that give's goroutine made before it gave the box.
func handOver(t *testing.T, give func(*box), take func() *box) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		b := &box{}
		b.v = 1
		give(b)
	}()
	go func() {
		defer wg.Done()
		time.Sleep(later)
		if b := take(); b != nil && b.v != 1 {
			t.Errorf("got %d", b.v)
		}
	}()
	wg.Wait()
}

func TestPool(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // Get finds the object Put left on this P
	var pool sync.Pool
	handOver(t, func(b *box) { pool.Put(b) }, func() *box {
		b, _ := pool.Get().(*box)
		return b
	})
}

func TestSyncMap(t *testing.T) {
	var m sync.Map
	handOver(t, func(b *box) { m.Store("k", b) }, func() *box {
		b, _ := m.Load("k")
		p, _ := b.(*box)
		return p
	})
}

func TestAtomicValue(t *testing.T) {
	var av atomic.Value
	handOver(t, func(b *box) { av.Store(b) }, func() *box {
		b, _ := av.Load().(*box)
		return b
	})
}

func TestAtomicPointer(t *testing.T) {
	var ap atomic.Pointer[box]
	handOver(t, func(b *box) { ap.Store(b) }, func() *box { return ap.Load() })
}

func TestContextDone(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	x := 0
	go func() {
		x = 1
		cancel()
	}()
	<-ctx.Done()
	if x != 1 {
		t.Errorf("x = %d", x)
	}
}

func TestContextErr(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	ctx, stop := context.WithTimeout(parent, time.Hour)
	defer stop()
	x := 0
	go func() {
		x = 1
		cancel() // cancels ctx, its child
	}()
	for ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	if x != 1 {
		t.Errorf("x = %d", x)
	}
}

func TestAfterFunc(t *testing.T) {
	x, y := 0, 0
	x = 1
	done := make(chan bool)
	time.AfterFunc(time.Millisecond, func() {
		y = x + 1
		done <- true
	})
	<-done
	if y != 2 {
		t.Errorf("y = %d", y)
	}
}

func TestFinalizer(t *testing.T) {
	x := 0
	done := make(chan int, 1)
	r := &resource{} // not a tiny allocation, whose finalizer may never run
	runtime.SetFinalizer(r, func(*resource) { done <- x })
	x = 2 // after SetFinalizer: ordered before the finalizer by the object's death only
	r = nil
	for i := 0; i < 20; i++ {
		runtime.GC()
		select {
		case v := <-done:
			if v != 2 {
				t.Errorf("finalizer saw %d", v)
			}
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
	t.Skip("the finalizer did not run")
}

func TestHTTPHandlerFunc(t *testing.T) {
	x, y := 0, 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		y = x + 1
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	x = 1
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	io.ReadAll(resp.Body)
	resp.Body.Close()
	if y != 2 {
		t.Errorf("y = %d", y)
	}
}

func TestHTTPHandler(t *testing.T) {
	c := &counter{}
	srv := httptest.NewServer(c)
	defer srv.Close()
	c.hits = 10
	for i := 0; i < 2; i++ {
		resp, err := http.Get(srv.URL)
		if err != nil {
			t.Fatal(err)
		}
		io.ReadAll(resp.Body)
		resp.Body.Close()
	}
	if c.hits != 12 {
		t.Errorf("hits = %d", c.hits)
	}
}
