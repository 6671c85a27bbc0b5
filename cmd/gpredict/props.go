package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Placeholder until the props command lands; replaced by its own issue.
func newPropsCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "props",
		Hidden: true,
		RunE:   func(*cobra.Command, []string) error { return errors.New("props: not implemented yet") },
	}
}
