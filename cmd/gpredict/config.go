package main

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// config is the settings of one command, read through settings: each
// option's value comes from the first of the command line, the environment
// (GPREDICT_<FLAG>) and the configuration file that sets it, else its
// default. Its getters read the command's flags, which hold that value
// after settings has run.
type config struct{ fs *pflag.FlagSet }

// The getters cannot fail: every flag is of the type asked for and its
// value has been parsed by the flag itself.
func (c *config) GetString(name string) string          { v, _ := c.fs.GetString(name); return v }
func (c *config) GetBool(name string) bool              { v, _ := c.fs.GetBool(name); return v }
func (c *config) GetInt(name string) int                { v, _ := c.fs.GetInt(name); return v }
func (c *config) GetDuration(name string) time.Duration { v, _ := c.fs.GetDuration(name); return v }

// GetStringSlice returns the values of a list option (--spec, --events).
func (c *config) GetStringSlice(name string) []string {
	if f := c.fs.Lookup(name); f != nil {
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			return sv.GetSlice()
		}
	}
	return nil
}

// settings applies the environment and the configuration file to the
// flags of cmd that the command line left unset, each value through the
// flag's own parser (flagvalues.go), so that a bad value is rejected with
// the same message whatever its source, prefixed by that source:
//
//	--timeout: "5" needs a unit, e.g. 5s
//	GPREDICT_TIMEOUT: "5" needs a unit, e.g. 5s
//	gpredict.yaml:3: timeout: "5" needs a unit, e.g. 5s
//
// Calling it twice is harmless: a flag set from the environment or the
// file counts as set, and is not set again.
func settings(cmd *cobra.Command) (*config, error) {
	fs := cmd.Flags()
	onCommandLine := map[string]bool{}
	fs.Visit(func(f *pflag.Flag) { onCommandLine[f.Name] = true })

	path, err := configPath(fs)
	if err != nil {
		return nil, usageError{err}
	}
	var file map[string]fileSetting
	options := optionFlags(cmd.Root())
	if path != "" {
		known := make([]string, 0, len(options))
		for name := range options {
			known = append(known, name)
		}
		sort.Strings(known)
		if file, err = readConfigFile(path, known); err != nil {
			return nil, usageError{err}
		}
	}
	var firstErr error
	fs.VisitAll(func(f *pflag.Flag) {
		if firstErr != nil || onCommandLine[f.Name] || !isOption(f.Name) {
			return
		}
		if env := envName(f.Name); os.Getenv(env) != "" {
			firstErr = setFlag(fs, f, []string{os.Getenv(env)}, env)
		} else if s, ok := file[f.Name]; ok {
			firstErr = setFlag(fs, f, s.values, fmt.Sprintf("%s:%d: %s", path, s.line, f.Name))
		}
	})
	// A key this command does not take is still checked, with the flag of
	// a command that takes it, so that a bad value never waits silently
	// in the file for the day another command reads it. Setting that
	// command's flag is harmless: it does not run in this process.
	for name, s := range file {
		if firstErr == nil && fs.Lookup(name) == nil {
			other := options[name]
			firstErr = setFlag(other.fs, other.flag, s.values, fmt.Sprintf("%s:%d: %s", path, s.line, name))
		}
	}
	if firstErr != nil {
		return nil, usageError{firstErr}
	}
	return &config{fs: fs}, nil
}

// isOption reports whether a flag is an option that the environment and
// the configuration file may set: every flag but --help, --version and
// --config.
func isOption(flag string) bool {
	switch flag {
	case "help", "version", "config":
		return false
	}
	return true
}

// envName is the environment variable of a flag: GPREDICT_ and the name in
// upper case, '-' as '_' (--input-format: GPREDICT_INPUT_FORMAT).
func envName(flag string) string {
	return "GPREDICT_" + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// setFlag sets f to values (several only for a list option), naming source
// in the error.
func setFlag(fs *pflag.FlagSet, f *pflag.Flag, values []string, source string) error {
	if _, isList := f.Value.(pflag.SliceValue); !isList && len(values) != 1 {
		return fmt.Errorf("%s: want a single value, not a list", source)
	}
	for _, v := range values {
		if err := fs.Set(f.Name, v); err != nil {
			var bad *pflag.InvalidValueError
			if errors.As(err, &bad) {
				err = bad.Unwrap()
			}
			return fmt.Errorf("%s: %v", source, err)
		}
	}
	return nil
}

// configPath is the configuration file to read: --config FILE, else
// GPREDICT_CONFIG, else ./gpredict.yaml if it exists, else none. A file
// named by --config or GPREDICT_CONFIG must exist.
func configPath(fs *pflag.FlagSet) (string, error) {
	path, _ := fs.GetString("config")
	source := "--config"
	if path == "" {
		path, source = os.Getenv("GPREDICT_CONFIG"), "GPREDICT_CONFIG"
	}
	if path == "" {
		// Name the file exactly: a search by name alone would also take a
		// file called plain `gpredict`, such as the binary that
		// `go build ./cmd/gpredict` leaves in the working directory.
		if _, err := os.Stat("gpredict.yaml"); err == nil {
			return "gpredict.yaml", nil
		}
		return "", nil
	}
	if _, err := os.Stat(path); err != nil {
		return "", fmt.Errorf("%s: %w", source, err)
	}
	return path, nil
}

// optionFlag is an option and the flag set of a command that takes it.
type optionFlag struct {
	fs   *pflag.FlagSet
	flag *pflag.Flag
}

// optionFlags maps every option of the commands under root (cobra's own
// completion and help commands aside) to a command's flag: the keys the
// configuration file may set. A key belongs to the file as a whole, so one
// that only another command takes is not an error.
func optionFlags(root *cobra.Command) map[string]optionFlag {
	out := map[string]optionFlag{}
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Name() == "completion" || c.Name() == "help" {
			return
		}
		for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				if _, seen := out[f.Name]; !seen && isOption(f.Name) {
					out[f.Name] = optionFlag{fs: fs, flag: f}
				}
			})
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return out
}
