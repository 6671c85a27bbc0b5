package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

// versionString is the version and the commit the binary was built from,
// as `gpredict version` and `gpredict --version` print it:
// "0.1.0-dev (commit 2a86c81d4e1f, modified)". The commit comes from the
// build information Go stamps into binaries built in a git checkout
// (`go build`, not `go run` or `go test`); without it the commit is
// "unknown".
func versionString() string {
	commit, modified := "unknown", false
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
				if len(commit) > 12 {
					commit = commit[:12]
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if modified {
		return fmt.Sprintf("%s (commit %s, modified)", version, commit)
	}
	return fmt.Sprintf("%s (commit %s)", version, commit)
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of gpredict and the commit it was built from",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			fmt.Fprintf(cmd.OutOrStdout(), "gpredict %s\n", versionString())
			return nil
		},
	}
}
