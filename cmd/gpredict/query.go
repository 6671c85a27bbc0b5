package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"gpredict/predict"
	"gpredict/predict/query"
	"gpredict/predict/report/witness"
	"gpredict/predict/stage"
	"gpredict/trace"
)

func newQueryCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   `query TRACE... [--order "A < B"]... [--reads "E reads VALUE"]...`,
		Short: "Ask whether some feasible schedule has given orders and read values, and why not",
		Long: `query asks about one suspicion: is there a feasible schedule of the traced
program (docs/semantics.md, under the branch model) in which the events
come in the given orders and the reads return the given values? Yes comes
with a witness schedule that the replay validator has accepted; no comes
with an explanation, sentences each stating one fact of the trace or the
model (docs/query.md).

  --order "T2#1 < T1#4"     T2#1 before T1#4, both scheduled ("A < B < C"
                            is A < B and B < C; a wait's part: T1#4.wake)
  --reads "T1#9 reads 0"    T1#9 scheduled, reading 0 (or "reads x=0")

Exit status: 0 yes, 1 no, 2 a usage or trace error, 3 unknown (the solver
could not decide within --timeout, or the problem was larger than
--memory allows).`,
		RunE: runQuery,
	}
	f := cmd.Flags()
	f.StringArray("order", nil, `an order to ask for, "EVENT < EVENT"; may be repeated`)
	f.StringArray("reads", nil, `a read value to ask for, "EVENT reads VALUE"; may be repeated`)
	choiceFlag(f, "format", "text", []string{"text", "json"}, "output format: text or json")
	choiceFlag(f, "branches", "auto", []string{"auto", "implicit", "explicit"}, "branch model: auto, implicit or explicit")
	memoryModelFlag(f)
	choiceFlag(f, "witness", "trimmed", witness.Modes, "text witness: trimmed (around the events asked about), full or none")
	durationFlag(f, "timeout", 0, "a duration such as 10s or 1m30s, or 0 for no limit",
		"time limit for the solver (0: none); when it runs out the answer is unknown")
	sizeFlag(f, "memory", "auto or a size such as 512MiB or 2GiB",
		"memory budget (auto: half the physical memory); a problem too large for it makes the answer unknown")
	addInputFormatFlag(cmd)
	return cmd
}

func runQuery(cmd *cobra.Command, args []string) error {
	v, err := settings(cmd)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return usageError(fmt.Errorf("query: no trace given; usage: %s", cmd.UseLine()))
	}
	write := map[string]func(io.Writer, *trace.Trace, *query.Answer, query.ReportOptions) error{
		"text": query.WriteText, "json": query.WriteJSON,
	}[v.GetString("format")]
	model, witness, err := modelAndWitness(v)
	if err != nil {
		return err
	}
	mem, err := memoryModel(v)
	if err != nil {
		return err
	}
	tr, err := readTraces(cmd, args)
	if err != nil {
		return err
	}
	q, err := query.Parse(tr, v.GetStringSlice("order"), v.GetStringSlice("reads"))
	if err != nil {
		return usageError(err)
	}
	if err := q.CheckModel(tr, mem); err != nil {
		return usageError(err)
	}
	ans, err := query.Ask(tr, q, query.Options{Branches: model, Timeout: v.GetDuration("timeout"), Mem: mem, Stop: cmd.Context().Done(),
		MaxAtoms: predict.MaxAtomsWithin(v.memoryBudget(), 1)})
	if err != nil {
		return err
	}
	if err := write(cmd.OutOrStdout(), tr, ans, query.ReportOptions{Version: version, Traces: args, Witness: witness}); err != nil {
		return err
	}
	if ans.Verdict == stage.Unknown && ans.Reason == stage.Interrupted {
		return exitCode(exitInterrupted) // the answer says so
	}
	switch ans.Verdict {
	case stage.Unsat:
		return exitCode(exitViolation)
	case stage.Unknown:
		return exitCode(exitUnknown)
	}
	return nil
}
