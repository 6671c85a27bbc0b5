package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Placeholder until the spec command lands; replaced by its own issue.
func newSpecCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "spec",
		Hidden: true,
		RunE:   func(*cobra.Command, []string) error { return errors.New("spec: not implemented yet") },
	}
}
