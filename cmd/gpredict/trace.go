package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Placeholder until the trace command lands; replaced by its own issue.
func newTraceCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "trace",
		Hidden: true,
		RunE:   func(*cobra.Command, []string) error { return errors.New("trace: not implemented yet") },
	}
}
