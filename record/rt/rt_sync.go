package rt

import (
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Locks. An acquire is logged once the lock is held, a release before it
// is given back, so the logged holds sit inside the real ones. Go lets a
// goroutine unlock a mutex another goroutine locked; the trace's release
// must then be the holder's: it is logged in the holder's thread (its
// events so far all came before the unlock) after an event of the
// unlocking goroutine, by an hb fact (rt_foreign.go).

// lockState is what the recorder keeps of one lock: its name, whether
// its kind directive is written, and who holds it. The exclusive holder
// needs no lock of the recorder's, not even an atomic access (a locked
// instruction per Lock and per Unlock): it is set after the lock is
// acquired and read and cleared before it is released, so the lock itself
// orders these accesses — also when another goroutine unlocks, which Go
// allows only after the Lock returned (else the Unlock is a fatal
// error), which something in the program ordered before the Unlock.
// Shared holders are counted under the state's mutex.
type lockState struct {
	name     string
	id       uint64 // the name's number (vname), for binary events
	declared atomic.Bool
	excl     *gstate
	mu       sync.Mutex
	shared   map[*gstate]int
}

// lockStates holds the state of every lock used (locKey → *lockState): one
// lookup per lock operation, with no lock shared by all goroutines.
var lockStates = newTable[locKey, *lockState](hashLoc)

// lockOf returns the state of the lock k, described by desc.
func lockOf(k locKey, desc string) *lockState {
	st, _ := lockStates.getOrAddAt(k, hashLoc(k), func(k locKey) *lockState {
		n, _ := newLocName(k, desc)
		return &lockState{name: n.s, id: n.id}
	})
	return st
}

// lockAt is lockOf(k, desc), found in the slot c of the goroutine's
// cache of codes (siteSlot; nil for none) when the last lock operation
// at its node and site used the same lock, and kept there.
func lockAt(c *nodeSlot, k locKey, desc string) *lockState {
	if c != nil && c.okey == k {
		return (*lockState)(c.obj)
	}
	st := lockOf(k, desc)
	if c != nil {
		c.okey, c.obj = k, unsafe.Pointer(st)
	}
	return st
}

// declare writes, the first time the lock is used, its kind directive
// (s.mu held).
func (st *lockState) declare(s *gstate, kind string) {
	if !st.declared.Load() && st.declared.CompareAndSwap(false, true) {
		s.line("lock ", st.name, " : ", kind)
	}
}

func acquired(mk Mark, k locKey, desc, site string, use lockUse) {
	s := mk.s // mk.state(), which is not inlined
	if !s.runsHere() {
		if s = stateByID(); s == nil {
			return
		}
	}
	c := s.siteSlot(site)
	st := lockAt(c, k, desc)
	op, tag := "acquire ", byte(binAcquire)
	if use.shared {
		op, tag = "racquire ", binRAcquire
		st.mu.Lock()
		if st.shared == nil {
			st.shared = map[*gstate]int{}
		}
		st.shared[s]++
		st.mu.Unlock()
	} else {
		st.excl = s
	}
	s.lock()
	s.held++
	st.declare(s, use.kind)
	if use.request {
		s.lockEvIn(c, site, binRequest, "request ", st) // writer preference (rt_locks.go)
	}
	s.lockEvIn(c, site, tag, op, st)
	s.unlock()
}

// releasing logs the release of p by the calling goroutine, or by the
// holder for the calling goroutine.
func releasing(mk Mark, k locKey, desc, site string, shared bool) {
	s := mk.s // mk.state(), which is not inlined
	if !s.runsHere() {
		if s = stateByID(); s == nil {
			return
		}
	}
	c := s.siteSlot(site)
	st := lockAt(c, k, desc)
	op, method, tag := "release ", "Unlock", byte(binRelease)
	holder := s
	if shared {
		op, method, tag = "rrelease ", "RUnlock", binRRelease
		st.mu.Lock()
		if st.shared[s] == 0 {
			for g := range st.shared {
				holder = g
				break
			}
		}
		if st.shared[holder]--; st.shared[holder] <= 0 {
			delete(st.shared, holder)
		}
		st.mu.Unlock()
	} else if h := st.excl; h != nil {
		st.excl = nil
		holder = h
	}
	if holder == s {
		s.lock()
		s.held--
		s.lockEvIn(c, site, tag, op, st)
		s.unlock()
		return
	}
	s.lock()
	by := s.event(site, "call void sync.Mutex."+method+"() target="+st.name)
	code := s.code(site)
	s.unlock()
	holder.releaseFor(s, foreignRel{code: code, op: op, lock: st.name, by: by}) // rt_foreign.go
}

// Lock is (*sync.Mutex).Lock; desc describes the mutex's location, mk is
// the mark of the instrumented function that locks (Mark.state).
func Lock(mk Mark, m *sync.Mutex, desc, site string) {
	yieldMark(mk, oneInSync)
	if !m.TryLock() {
		blocking(keyOf(m), desc, site, lockUse{kind: "mutex"})
		m.Lock()
	}
	acquired(mk, keyOf(m), desc, site, lockUse{kind: "mutex"})
}

// blocking notes, before a goroutine blocks on a lock that another holds,
// what it waits for: a comment line of the log, "# blocks THREAD acquire
// LOCK stack=ID @SITE" (racquire for a shared wait), which is no event.
// If the run ends there (a deadlock the runtime detects, a test time-out,
// a kill, or an exit that leaves the goroutine waiting) the collector
// reports the goroutine blocked (record/blocked.go) and writes the wait
// as the goroutine's request at the end of the trace (record/collect.go);
// any later event of the goroutine makes the note obsolete.
func blocking(k locKey, desc, site string, use lockUse) {
	if !on() {
		return
	}
	s := cur()
	st := lockOf(k, desc)
	what := "acquire "
	if use.shared {
		what = "racquire "
	}
	s.lock()
	st.declare(s, use.kind)
	s.line("# blocks ", s.name, " ", what, st.name, " stack=", s.stackID(), " @", site)
	s.unlock()
}

// Unlock is (*sync.Mutex).Unlock.
func Unlock(mk Mark, m *sync.Mutex, desc, site string) {
	releasing(mk, keyOf(m), desc, site, false)
	m.Unlock()
	yieldMark(mk, oneInSync)
}

// TryLock is (*sync.Mutex).TryLock.
func TryLock(m *sync.Mutex, desc, site string) bool {
	yieldHere(oneInSync)
	ok := m.TryLock()
	if ok {
		acquired(Mark{}, keyOf(m), desc, site, lockUse{kind: "mutex"})
	}
	return ok
}

// RWLock is (*sync.RWMutex).Lock.
func RWLock(m *sync.RWMutex, desc, site string) {
	yieldHere(oneInSync)
	if !m.TryLock() {
		blocking(keyOf(m), desc, site, lockUse{kind: "rwmutex"})
		m.Lock()
	}
	acquired(Mark{}, keyOf(m), desc, site, lockUse{kind: "rwmutex", request: true})
}

// RWUnlock is (*sync.RWMutex).Unlock.
func RWUnlock(m *sync.RWMutex, desc, site string) {
	releasing(Mark{}, keyOf(m), desc, site, false)
	m.Unlock()
	yieldHere(oneInSync)
}

// RWTryLock is (*sync.RWMutex).TryLock.
func RWTryLock(m *sync.RWMutex, desc, site string) bool {
	yieldHere(oneInSync)
	ok := m.TryLock()
	if ok {
		acquired(Mark{}, keyOf(m), desc, site, lockUse{kind: "rwmutex"}) // no wait, no request
	}
	return ok
}

// RLock is (*sync.RWMutex).RLock: a shared acquire.
func RLock(m *sync.RWMutex, desc, site string) {
	yieldHere(oneInSync)
	if !m.TryRLock() {
		blocking(keyOf(m), desc, site, lockUse{kind: "rwmutex", shared: true})
		m.RLock()
	}
	acquired(Mark{}, keyOf(m), desc, site, lockUse{kind: "rwmutex", shared: true})
}

// RUnlock is (*sync.RWMutex).RUnlock.
func RUnlock(m *sync.RWMutex, desc, site string) {
	releasing(Mark{}, keyOf(m), desc, site, true)
	m.RUnlock()
	yieldHere(oneInSync)
}

// TryRLock is (*sync.RWMutex).TryRLock.
func TryRLock(m *sync.RWMutex, desc, site string) bool {
	yieldHere(oneInSync)
	ok := m.TryRLock()
	if ok {
		acquired(Mark{}, keyOf(m), desc, site, lockUse{kind: "rwmutex", shared: true})
	}
	return ok
}

// keyOf is the location of the synchronisation object p points to.
func keyOf[T any](p *T) locKey {
	return locKey{unsafe.Pointer(p), typePtr(reflect.TypeFor[T]())}
}

// WaitGroups. Add and Done are logged before they happen, as calls; the
// recorder keeps the counter beside the real one. When a Done brings it
// to zero, the Add and Done calls since it was last zero are the ones
// that released the waiters: a Wait that returns logs its exit after them
// (hb facts), which holds in the run since they were logged before they
// happened and the Wait returned after.

type wgState struct {
	counter  int
	pending  []string // Add and Done events since the counter was last zero
	released []string // those of the last phase that brought it to zero
}

var wgs = struct {
	mu sync.Mutex
	m  map[unsafe.Pointer]*wgState
}{m: map[unsafe.Pointer]*wgState{}}

func wgOf(p unsafe.Pointer) *wgState {
	w := wgs.m[p]
	if w == nil {
		w = &wgState{}
		wgs.m[p] = w
	}
	return w
}

func wgLog(wg *sync.WaitGroup, desc, site, sig, args string, delta int) {
	if !on() {
		return
	}
	p := unsafe.Pointer(wg)
	name := locName(keyOf(wg), desc)
	s := cur()
	s.lock()
	wgs.mu.Lock()
	w := wgOf(p)
	from := w.counter
	ev := s.event(site, "call "+sig+" target="+name+" args="+args+strconv.Itoa(from))
	w.counter += delta
	w.pending = append(w.pending, ev)
	if w.counter <= 0 {
		w.released, w.pending, w.counter = w.pending, nil, 0
	}
	wgs.mu.Unlock()
	s.unlock()
}

// WGAdd is (*sync.WaitGroup).Add. The event's arguments are the delta and
// the counter before it (GoWaitGroupReuse looks for an Add from zero).
func WGAdd(wg *sync.WaitGroup, delta int, desc, site string) {
	yieldHere(oneInSync)
	wgLog(wg, desc, site, "void sync.WaitGroup.Add(int,int)", strconv.Itoa(delta)+",", delta)
	wg.Add(delta)
}

// WGDone is (*sync.WaitGroup).Done.
func WGDone(wg *sync.WaitGroup, desc, site string) {
	yieldHere(oneInSync)
	wgLog(wg, desc, site, "void sync.WaitGroup.Done(int)", "", -1)
	wg.Done()
}

// WGWait is (*sync.WaitGroup).Wait: an enter before, an exit after that
// follows the calls that released it.
func WGWait(wg *sync.WaitGroup, desc, site string) {
	if !on() {
		wg.Wait()
		return
	}
	yieldHere(oneInSync)
	p := unsafe.Pointer(wg)
	name := locName(keyOf(wg), desc)
	withState(func(s *gstate) { s.event(site, "enter void sync.WaitGroup.Wait() target="+name) })
	wg.Wait()
	withState(func(s *gstate) {
		wgs.mu.Lock()
		released := append([]string(nil), wgOf(p).released...)
		wgs.mu.Unlock()
		exit := s.event(site, "exit void sync.WaitGroup.Wait() target="+name)
		for _, r := range released {
			if r[:strings.LastIndexByte(r, ':')] != s.name { // own calls precede it anyway
				s.line("hb " + r + " " + exit)
			}
		}
	})
}

// WGGo is (*sync.WaitGroup).Go (Go 1.25): Add(1), then f in a new
// goroutine that calls Done when f returns.
func WGGo(wg *sync.WaitGroup, f func(), desc, site string) {
	WGAdd(wg, 1, desc, site)
	c := Fork(site)
	go func() {
		Start(c)
		defer func() { End(recover()) }()
		defer WGDone(wg, desc, site)
		f()
	}()
}

// Once. The first Do's exit is logged inside the once (after f returned,
// before any other Do can return), so every other Do's exit follows it.

var onces = struct {
	mu   sync.Mutex
	done map[unsafe.Pointer]string
}{done: map[unsafe.Pointer]string{}}

// OnceDo is (*sync.Once).Do.
func OnceDo(o *sync.Once, f func(), desc, site string) {
	if !on() {
		o.Do(f)
		return
	}
	p := unsafe.Pointer(o)
	name := locName(keyOf(o), desc)
	s := cur()
	s.lock()
	s.event(site, "enter void sync.Once.Do() target="+name)
	s.unlock()
	ran := false
	o.Do(func() {
		ran = true
		defer func() {
			s.lock()
			exit := s.event(site, "exit void sync.Once.Do() target="+name)
			s.unlock()
			onces.mu.Lock()
			onces.done[p] = exit
			onces.mu.Unlock()
		}()
		f()
	})
	if ran {
		return
	}
	onces.mu.Lock()
	first := onces.done[p]
	onces.mu.Unlock()
	s.lock()
	exit := s.event(site, "exit void sync.Once.Do() target="+name)
	if first != "" {
		s.line("hb " + first + " " + exit)
	}
	s.unlock()
}

// Conds are wait/notify: Wait is `wait L C` on the condition's mutex L
// (when it is a *sync.Mutex the calling goroutine holds), Signal is
// `notify C`, Broadcast `notifyAll C`. A Cond over another Locker is
// logged as calls only.

// CondWait is (*sync.Cond).Wait.
func CondWait(c *sync.Cond, desc, site string) {
	if !on() {
		c.Wait()
		return
	}
	yieldHere(oneInSync)
	cn := locName(keyOf(c), desc)
	s := cur()
	m, isMutex := c.L.(*sync.Mutex)
	held := false
	if isMutex {
		st, ok := lockStates.get(keyOf(m))
		held = ok && st.excl == s // s holds the mutex, if anyone: ordered
	}
	s.lock()
	if held {
		s.event(site, "wait "+locName(keyOf(m), "sync.Mutex")+" "+cn)
	} else {
		s.event(site, "call void sync.Cond.Wait() target="+cn)
	}
	s.unlock()
	c.Wait()
}

// CondSignal is (*sync.Cond).Signal.
func CondSignal(c *sync.Cond, desc, site string) {
	if on() {
		yieldHere(oneInSync)
		cn := locName(keyOf(c), desc)
		withState(func(s *gstate) { s.event(site, "notify "+cn) })
	}
	c.Signal()
}

// CondBroadcast is (*sync.Cond).Broadcast.
func CondBroadcast(c *sync.Cond, desc, site string) {
	if on() {
		yieldHere(oneInSync)
		cn := locName(keyOf(c), desc)
		withState(func(s *gstate) { s.event(site, "notifyAll "+cn) })
	}
	c.Broadcast()
}

// LockerLock is Lock on a sync.Locker: recorded when the Locker is a
// *sync.Mutex or *sync.RWMutex, or the RLocker of one (an RLock),
// performed as is otherwise.
func LockerLock(l sync.Locker, desc, site string) {
	switch m := l.(type) {
	case *sync.Mutex:
		Lock(Mark{}, m, desc, site)
	case *sync.RWMutex:
		RWLock(m, desc, site)
	default:
		if rw, ok := rwOfRLocker(l); ok { // rw.RLocker() (rt_locks.go)
			RLock(rw, desc, site)
			return
		}
		l.Lock()
	}
}

// LockerUnlock is Unlock on a sync.Locker.
func LockerUnlock(l sync.Locker, desc, site string) {
	switch m := l.(type) {
	case *sync.Mutex:
		Unlock(Mark{}, m, desc, site)
	case *sync.RWMutex:
		RWUnlock(m, desc, site)
	default:
		if rw, ok := rwOfRLocker(l); ok {
			RUnlock(rw, desc, site)
			return
		}
		l.Unlock()
	}
}
