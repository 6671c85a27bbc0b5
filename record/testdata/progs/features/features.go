package features

import (
	"sync"
	"sync/atomic"
	"time"
)

type Store struct {
	sync.RWMutex
	data  map[string]int
	hits  atomic.Int64
	count int64
	once  sync.Once
	cond  *sync.Cond
	ready bool
	mu    sync.Mutex
	items []int
	arr   [4]int
}

var global = 7

func (s *Store) Get(k string) int {
	s.RLock()
	defer s.RUnlock()
	s.hits.Add(1)
	atomic.AddInt64(&s.count, 1)
	return s.data[k]
}

func (s *Store) Put(k string, v int) {
	s.Lock()
	s.data[k] = v
	s.data[k] += 1
	delete(s.data, "zz")
	s.Unlock()
}

func (s *Store) init2() { s.once.Do(func() { s.items = append(s.items, 1) }) }

func Pipeline() int {
	s := &Store{data: map[string]int{}}
	s.cond = sync.NewCond(&s.mu)
	ch := make(chan int, 1)
	unb := make(chan int)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 3; i++ {
			ch <- i
		}
		close(ch)
	}()
	go func() {
		defer wg.Done()
		sum := 0
		for v := range ch {
			sum += v
		}
		s.Put("sum", sum)
		unb <- sum
	}()
	got := <-unb
	go s.init2()
	s.init2()
	go func() {
		s.mu.Lock()
		s.ready = true
		s.cond.Signal()
		s.mu.Unlock()
	}()
	s.mu.Lock()
	for !s.ready {
		s.cond.Wait()
	}
	s.mu.Unlock()
	timer := time.After(time.Hour)
	go func() { close(done) }()
	select {
	case <-done:
	case <-timer:
	}
	select {
	case v, ok := <-ch:
		_, _ = v, ok
	default:
	}
	wg.Wait()
	for k, v := range s.data {
		_, _ = k, v
	}
	s.arr[1] = global
	s.items[0]++
	p := &s.arr
	p[2] = s.Get("sum")
	// Each map expression is evaluated once, as Go does, also where the
	// key is converted (to any).
	calls, byAny, key := 0, map[any]int{}, "once"
	data := func() map[any]int { calls++; return byAny }
	data()[key] = 1
	data()[key] += 1
	if calls != 2 {
		return -calls
	}
	return got + s.arr[2] + len(s.items)
}
