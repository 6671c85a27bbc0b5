package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"gpredict/spec"
)

func newSpecCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "spec",
		Short: "Work with property specifications (.gp files)",
		Long: `Work with property specifications (.gp files), whose language is described
in docs/language.md.`,
		RunE: wantSubcommand,
	}
	cmd.AddCommand(newSpecCheckCmd())
	return cmd
}

// specCheckParams are the options of `gpredict spec check`.
type specCheckParams struct {
	files  []string
	events []string // traces whose property events to list
	diags  string   // text | json
}

func newSpecCheckCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "check [--events TRACE]... FILE...",
		Short: "Check .gp files and print their diagnostics",
		Long: `Parses and checks each .gp file and prints every diagnostic (errors and
warnings) to stderr with its source line. Exits 0 when there are only
warnings, 2 on any error. With --events TRACE, also lists per event
declaration the property events the trace contains (the way to debug a
spec's pointcuts).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageError(fmt.Errorf("spec check: no .gp file given"))
			}
			v, err := settings(cmd)
			if err != nil {
				return err
			}
			p := specCheckParams{files: args, events: v.GetStringSlice("events"), diags: v.GetString("diags")}
			return runSpecCheck(cmd.Context(), p, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringSlice("events", nil, "also list the property events of each declaration in TRACE")
	choiceFlag(cmd.Flags(), "diags", "text", []string{"text", "json"}, "diagnostics format: text (rendered, stderr) or json (one array, stdout)")
	return cmd
}

func runSpecCheck(ctx context.Context, p specCheckParams, stdout, stderr io.Writer) error {
	var (
		files     []*spec.File
		all       spec.Diagnostics
		hasErrors bool
	)
	for _, name := range p.files {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintf(stderr, "gpredict: %v\n", err)
			hasErrors = true
			continue
		}
		f, diags := spec.Load(name, src)
		if p.diags == "text" {
			fmt.Fprint(stderr, diags.Render(src))
		}
		all = append(all, diags...)
		hasErrors = hasErrors || diags.HasErrors()
		files = append(files, f)
	}
	if p.diags == "json" {
		if all == nil {
			all = spec.Diagnostics{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(all); err != nil {
			return err
		}
	}
	if hasErrors {
		return exitCode(exitError)
	}
	if len(p.events) > 0 {
		// Property events only make sense for specs that loaded.
		return writeSpecEvents(ctx, stdout, p.events, files)
	}
	return nil
}
