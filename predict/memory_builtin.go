package predict

// MemoryWatch is the memory budget's watch (memoryWatch) for the
// built-ins, which decide their candidates in loops of their own
// (props/deadlock): once Tight, they start no more candidates and report
// those left as unknown with Reason, as Run does. The command also
// watches the reading of the trace, which comes before Run (and, with
// --explain, the matching of every property first), so that the
// collector keeps them to the budget too (its soft limit and pacing): on
// a recording of ristretto's tests (5.76M events, `--props all`) Go's
// default let the heap grow to twice what was live while the properties
// were matched, 2.1 GB resident for about 1.2 GB live.
type MemoryWatch struct{ w *memoryWatch }

// WatchMemory starts watching the process's resident memory against
// budget (≤ 0: no budget; Tight is then never true). Stop ends it.
func WatchMemory(budget int64) MemoryWatch { return MemoryWatch{watchMemory(budget)} }

// WatchMemoryThen is WatchMemory that also calls over, once, when the
// resident memory stays past the budget after a collection: the command
// stops reading the trace then (a trace that does not fit its budget is
// an error, where the run would have had nothing left to decide with).
func WatchMemoryThen(budget int64, over func()) MemoryWatch {
	return MemoryWatch{watchMemoryThen(budget, over)}
}

// Tight reports whether the budget has been reached.
func (m MemoryWatch) Tight() bool { return m.w.budget > 0 && m.w.Tight() }

// Reason is why a candidate is unknown once the budget is reached.
func (m MemoryWatch) Reason() string { return m.w.Reason() }

// Budget is the budget as the reasons write it ("2 GiB").
func (m MemoryWatch) Budget() string { return formatBytes(m.w.budget) }

// Peak is the largest resident memory seen, in bytes.
func (m MemoryWatch) Peak() int64 { return m.w.peak.Load() }

// Stop ends the watch.
func (m MemoryWatch) Stop() { m.w.stop() }
