package predict

import (
	"sync"

	"gpredict/predict/stage"
)

// Solver sessions. The heavy stages of the ladder (the solver's) learn
// about the causal constraints as they go, and Z3 keeps what it learned
// for the next candidate (smt's raw.go): the longer one solver state
// serves, the less each check costs. For the answers not to depend on
// which worker decided what before, the state must be reset at points
// fixed by the candidates alone, never by the workers. So the work is
// cut twice: a batch (batchSize candidates, in the order they are formed)
// is what a worker takes and decides up to the first heavy stage
// (stage.Ladder.DecideLight); a session is sessionBatches consecutive
// batches, whose candidates that reached the heavy stages (leftovers)
// are then decided in that order, batch by batch, from a reset solver
// state, by the worker that handed in the session's last batch. Light
// work stays spread over the workers in small pieces while the heavy
// work of a session shares one solver state.
const sessionBatches = 64

// leftover is a candidate whose light part passed it on.
type leftover struct {
	t task
	p *stage.Pending
}

// session is the leftovers of sessionBatches consecutive batches, by
// batch.
type session struct {
	batches [sessionBatches][]leftover
	handed  int // batches handed in
	taken   bool
}

// empty reports whether no batch of the session left anything.
func (ses *session) empty() bool {
	for _, lefts := range ses.batches {
		if len(lefts) > 0 {
			return false
		}
	}
	return true
}

// sessions gathers the leftovers of the batches by session, and gives a
// session to the worker that completes it.
type sessions struct {
	mu     sync.Mutex
	open   map[int]*session
	formed int  // batches formed so far (the producer's count)
	ended  bool // formed is final
}

func newSessions() *sessions { return &sessions{open: map[int]*session{}} }

// next numbers a new batch (the producer's, in the order batches are
// formed).
func (s *sessions) next() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.formed++
	return s.formed - 1
}

// end says that every batch is formed. Called before the work channel
// closes, so a worker that has seen it closed sees the count final.
func (s *sessions) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ended = true
}

// hand hands in the leftovers of batch b, and returns its session when
// that completes it (nil otherwise).
func (s *sessions) hand(b int, lefts []leftover) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := b / sessionBatches
	ses := s.open[k]
	if ses == nil {
		ses = &session{}
		s.open[k] = ses
	}
	ses.batches[b%sessionBatches] = lefts
	ses.handed++
	return s.take(k)
}

// complete returns the sessions every batch of which is handed in and
// no worker has taken; once every batch is formed (end), the last
// session is complete with fewer batches.
func (s *sessions) complete() []*session {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*session
	for k := range s.open {
		if ses := s.take(k); ses != nil {
			out = append(out, ses)
		}
	}
	return out
}

// take marks session k taken and returns it if it is complete and was
// not taken before. Under s.mu.
func (s *sessions) take(k int) *session {
	ses := s.open[k]
	if ses == nil || ses.taken {
		return nil
	}
	want := sessionBatches
	if s.ended {
		want = min(want, s.formed-k*sessionBatches)
	}
	if ses.handed < want {
		return nil
	}
	ses.taken = true
	delete(s.open, k)
	return ses
}
