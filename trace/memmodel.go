package trace

import "fmt"

// MemoryModel is the memory model schedules are taken under
// (docs/semantics.md, Memory models). Under SC a write is visible to every
// thread at once; under TSO and PSO it first enters its thread's store
// buffer and becomes visible at a later step of its own, its commit.
type MemoryModel uint8

const (
	// SC is sequential consistency: the model of rules 1–5, and the
	// default.
	SC MemoryModel = iota
	// TSO is x86's total store order: a thread's writes become visible
	// in the order it made them, possibly after its later reads.
	TSO
	// PSO is SPARC's partial store order: TSO, except that writes to
	// different variables may become visible out of order.
	PSO
)

var memoryModelNames = [...]string{SC: "sc", TSO: "tso", PSO: "pso"}

// String returns the name the command line uses ("sc", "tso", "pso").
func (m MemoryModel) String() string {
	if int(m) < len(memoryModelNames) {
		return memoryModelNames[m]
	}
	return "memory-model?"
}

// Relaxed reports whether writes go through store buffers (TSO, PSO).
func (m MemoryModel) Relaxed() bool { return m == TSO || m == PSO }

// ParseMemoryModel maps "sc", "tso" or "pso" to its model.
func ParseMemoryModel(s string) (MemoryModel, error) {
	for i, n := range memoryModelNames {
		if n == s {
			return MemoryModel(i), nil
		}
	}
	return SC, fmt.Errorf("memory model %q: want sc, tso or pso", s)
}
