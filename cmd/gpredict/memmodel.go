package main

import (
	"github.com/spf13/pflag"

	"gpredict/trace"
)

// memoryModelFlag adds --memory-model to predict and query
// (docs/semantics.md, rule 6).
func memoryModelFlag(f *pflag.FlagSet) {
	choiceFlag(f, "memory-model", "sc", []string{"sc", "tso", "pso"},
		"memory model: sc (sequential consistency), tso (x86 store buffers) or pso (SPARC: also reorders writes to different variables)")
}

// memoryModel reads the --memory-model setting.
func memoryModel(v *config) (trace.MemoryModel, error) {
	m, err := trace.ParseMemoryModel(v.GetString("memory-model"))
	if err != nil {
		return 0, usageError{err}
	}
	return m, nil
}
