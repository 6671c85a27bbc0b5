package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"gpredict/props"
)

// newPropsCmd is `gpredict props list | show NAME`: the catalogue of
// properties that `predict --props` runs.
func newPropsCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "props",
		Short: "List the catalogue of properties or show one",
		Long: `List the catalogue of properties or show one. docs/properties.md has the
whole catalogue.`,
		RunE: wantSubcommand,
	}
	cmd.AddCommand(newPropsListCmd(), newPropsShowCmd())
	return cmd
}

func newPropsListCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "Print each property of the catalogue with its one-line summary",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
			for _, p := range props.All() {
				fmt.Fprintf(w, "%s\t%s\n", p.Name, p.Summary)
			}
			return w.Flush()
		},
	}
}

func newPropsShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:               "show NAME",
		Short:             "Print a property's documentation and its spec source",
		ValidArgsFunction: completePropertyName,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usageError(fmt.Errorf("props show: want one property name, got %d arguments", len(args)))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := props.Find(args[0])
			if err != nil {
				return usageError(err)
			}
			fmt.Fprint(cmd.OutOrStdout(), props.Markdown(p))
			return nil
		},
	}
}
