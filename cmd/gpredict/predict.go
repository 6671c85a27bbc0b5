package main

import (
	"errors"

	"github.com/spf13/cobra"
)

// Placeholder until the predict command lands; replaced by its own issue.
func newPredictCmd() *cobra.Command {
	return &cobra.Command{
		Use:    "predict",
		Hidden: true,
		RunE:   func(*cobra.Command, []string) error { return errors.New("predict: not implemented yet") },
	}
}
