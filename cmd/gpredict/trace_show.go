package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"gpredict/predict/query"
	"gpredict/trace"
)

// `gpredict trace show TRACE ID...` looks events up by id, so that the ids
// of a report (T3#24180, T2#2.wake) can be read as events without counting
// lines in the trace file.
func newTraceShowCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "show TRACE ID...",
		Short: "Print events of a trace by id",
		Long: "Show prints, for each id (T1#3, or a part of a wait such as T2#2.wake),\n" +
			"the event as its line of the text format says it, and its location.",
		Args: cobra.MinimumNArgs(2),
		RunE: runTraceShow,
	}
	addInputFormatFlag(cmd)
	return cmd
}

func runTraceShow(cmd *cobra.Command, args []string) error {
	tr, err := readTraces(cmd, args[:1])
	if err != nil {
		return err
	}
	var ids []string
	for _, a := range args[1:] {
		ids = append(ids, strings.Fields(a)...) // "T1#3 T2#1" as one argument too
	}
	var buf strings.Builder
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	for _, id := range ids {
		p, err := query.ParsePoint(tr, id)
		if err != nil {
			return usageError(fmt.Errorf("%s: %v", args[0], err))
		}
		loc := ""
		if l := tr.Event(p.Event).Loc; l != trace.NoSym {
			loc = "@" + tr.Str(l)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", id, tr.ThreadName(p.Event.Thread), tr.EventText(p.Event), loc)
	}
	tw.Flush() // into a strings.Builder: cannot fail
	out := cmd.OutOrStdout()
	for _, line := range strings.SplitAfter(buf.String(), "\n") {
		if line != "" {
			// an event without a location leaves its text column padded
			fmt.Fprintln(out, strings.TrimRight(line, " \n"))
		}
	}
	return nil
}
