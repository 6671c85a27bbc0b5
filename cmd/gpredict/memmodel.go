package main

import (
	"fmt"

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
		return 0, usageError(err)
	}
	return m, nil
}

// relaxedPredict reads --memory-model for predict and refuses what a
// relaxed model does not support: --explain (its explanations are
// facts of SC) and --dump-smt (the dump is the ladder's, which a relaxed
// run does not use).
func relaxedPredict(v *config) (trace.MemoryModel, error) {
	mem, err := memoryModel(v)
	if err != nil || !mem.Relaxed() {
		return mem, err
	}
	if len(v.GetStringSlice("explain")) > 0 || v.GetString("dump-smt") != "" {
		return mem, usageError(fmt.Errorf("--explain and --dump-smt are not supported with --memory-model %s", mem))
	}
	return mem, nil
}
