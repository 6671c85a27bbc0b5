package predict

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// gcPacer lowers Go's GOGC while the live heap is large. By default the
// collector lets the heap grow to twice what was live at the last
// collection. A run over a long recording keeps a large part for its
// whole length — the trace and the facts every stage reads, about 550 MB
// at a million events — while each candidate makes short-lived garbage
// of a few megabytes; doubling the lasting part only made the resident
// memory twice as large (1.3 GB of Go memory for 550 MB live, measured
// with runtime/metrics on the lock-heavy family's 1M-event member). So
// the heap may grow past the live part by a quarter of it, and by no
// less than gcHeadroom: small runs keep Go's default, large ones collect
// more often (docs/engine.md, Limits, has the cost). A GOGC the user set
// is left alone.
type gcPacer struct {
	on      bool
	prev    int // GOGC before the run, restored after it
	percent int // GOGC set now
	sample  []metrics.Sample
}

// gcHeadroom is the least the heap may grow past its live part.
const gcHeadroom = 128 << 20

func newGCPacer() *gcPacer {
	p := &gcPacer{on: os.Getenv("GOGC") == "", percent: 100,
		sample: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	if p.on {
		p.prev = debug.SetGCPercent(100)
	}
	return p
}

// adjust sets GOGC for the heap live at the last collection.
func (p *gcPacer) adjust() {
	if !p.on {
		return
	}
	metrics.Read(p.sample)
	if p.sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	if pc := gcPercentFor(p.sample[0].Value.Uint64()); pc != p.percent {
		p.percent = pc
		debug.SetGCPercent(pc)
	}
}

// paced is the GOGC the pacer set last (100 when it is off).
func (p *gcPacer) paced() int {
	if !p.on {
		return 100
	}
	return p.percent
}

// stop restores the GOGC from before.
func (p *gcPacer) stop() {
	if p.on {
		debug.SetGCPercent(p.prev)
	}
}

// gcPercentFor is the GOGC that lets a heap with live bytes live grow by
// max(live/4, gcHeadroom), at most Go's default 100, in steps of 5 so
// that a heap that changes a little does not change it.
func gcPercentFor(live uint64) int {
	if live == 0 {
		return 100
	}
	headroom := max(live/4, gcHeadroom)
	pc := int(100 * headroom / live)
	return min(100, pc/5*5)
}
