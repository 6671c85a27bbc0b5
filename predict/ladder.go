package predict

import (
	"fmt"
	"slices"

	"gpredict/predict/smt"
	"gpredict/predict/stage"
)

// ladderOrder is the decision ladder: the stages every candidate goes
// down, by name, in order (docs/engine.md, The decision ladder). The
// stages themselves come from package stage (no solver) and package smt
// (Z3); a stage a ladder does not have — dump without --dump-smt, small
// and downset depending on the base order — is left out. Cheap finders
// first: on recordings the reorderings of the recorded run settle most
// races; then the cheap refuters, the simulation and the closures
// (supply after saturate and given after greedy-saturated: what they
// refuted on the members measured was refuted before them, and they are
// asked about a sixth and a fifth as many candidates on the 100K-event
// lock-heavy member); the solver stages last, reuse first among them
// (a map lookup, and a witness it finds costs the replay alone),
// saturate-wide after the solver's finders (on the lock-heavy family it
// refuted nothing a finder did not settle first, for a third of a
// second a candidate).
func ladderOrder() []string {
	return []string{
		"dump",
		"shb", "syncp", "syncp-values",
		"closure",
		"greedy", "saturate", "supply", "greedy-saturated", "given", "ending", "saturate-rf", "recorded",
		"reuse", "window", "local", "prefix-window",
		"saturate-wide",
		"exact-first", "small", "rescue", "downset", "exact",
	}
}

// assemble orders stages by ladderOrder, leaving out those named in skip,
// and checks that every stage comes after what it requires (when both
// are in the ladder: a test may skip a stage that another reads from,
// which then finds nothing to read).
func assemble(stages []stage.Stage, skip []string) []stage.Stage {
	byName := map[string]stage.Stage{}
	for _, s := range stages {
		byName[s.Name] = s
	}
	var out []stage.Stage
	for _, name := range ladderOrder() {
		if s, ok := byName[name]; ok && !slices.Contains(skip, name) {
			out = append(out, s)
			delete(byName, name)
		}
	}
	for name := range byName {
		if !slices.Contains(skip, name) {
			panic(fmt.Sprintf("predict: stage %s is not in the ladder's order", name))
		}
	}
	for i, s := range out {
		for _, r := range s.Requires {
			k := slices.IndexFunc(out, func(x stage.Stage) bool { return x.Name == r })
			if k > i {
				panic(fmt.Sprintf("predict: stage %s requires %s, which comes after it", s.Name, r))
			}
		}
	}
	return out
}

// ladderStages is the ladder's stages over f, without those in skip, and
// the handle on their solver state.
func ladderStages(f *stage.Facts, scfg smt.Config, skip []string) ([]stage.Stage, *smt.Worker) {
	scfg.ExactFollows = !slices.Contains(skip, "exact")
	scfg.ExactFirstFollows = scfg.ExactFollows && !slices.Contains(skip, "exact-first")
	solverStages, w := smt.Stages(f, scfg)
	stages := append(stage.Direct(f, stage.DefaultClosureConfigs()), solverStages...)
	if f.Trace.HasChannels() {
		stages = slices.DeleteFunc(stages, func(s stage.Stage) bool { return !s.Channels })
	}
	return assemble(stages, skip), w
}
