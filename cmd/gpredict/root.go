package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// Exit statuses of SPEC 4.
const (
	exitOK        = 0 // no violation
	exitViolation = 1 // at least one violation
	exitError     = 2 // usage, spec or trace error
	exitUnknown   = 3 // no violation, but some candidates unknown
)

// exitCode carries a non-zero status out of a command that has already
// printed what it had to say.
type exitCode int

func (c exitCode) Error() string { return fmt.Sprintf("exit status %d", int(c)) }

// usageError marks errors in how the command was called (exit 2).
type usageError struct{ error }

// Main runs gpredict with args and returns the exit status. Errors are
// printed once, here; cobra's own error and usage printing are silenced.
func Main(args []string, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.Execute()
	var code exitCode
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &code):
		return int(code)
	default:
		fmt.Fprintf(stderr, "gpredict: %v\n", err)
		return exitError
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "gpredict",
		Short:         "Predict concurrency bugs from one recorded execution",
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.PersistentFlags().String("config", "", "configuration file (default: ./gpredict.yaml if present)")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(
		newVersionCmd(),
		newTraceCmd(),
		newSpecCmd(),
		newPredictCmd(),
		newPropsCmd(),
		newRecordCmd(),
	)
	return root
}

// settings returns the configuration of cmd with the precedence of SPEC 4:
// a flag given on the command line, then GPREDICT_<FLAG> (upper case, '-'
// as '_'), then the configuration file (--config FILE or ./gpredict.yaml),
// then the flag's default. Commands read every option through it.
func settings(cmd *cobra.Command) (*viper.Viper, error) {
	v := viper.New()
	v.SetEnvPrefix("GPREDICT")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_"))
	v.AutomaticEnv()
	var bindErr error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if err := v.BindPFlag(f.Name, f); err != nil && bindErr == nil {
			bindErr = err
		}
	})
	if bindErr != nil {
		return nil, bindErr
	}
	file, _ := cmd.Flags().GetString("config")
	if file != "" {
		v.SetConfigFile(file)
	} else if env := v.GetString("config"); env != "" {
		v.SetConfigFile(env)
	} else if _, err := os.Stat("gpredict.yaml"); err == nil {
		// Name the file exactly: viper's search by config name would also
		// take a file called plain `gpredict`, such as the binary that
		// `go build ./cmd/gpredict` leaves in the working directory.
		v.SetConfigFile("gpredict.yaml")
	} else {
		return v, nil
	}
	if err := v.ReadInConfig(); err != nil {
		var notFound viper.ConfigFileNotFoundError
		if file != "" || !errors.As(err, &notFound) {
			return nil, usageError{fmt.Errorf("reading configuration: %w", err)}
		}
	}
	return v, nil
}
