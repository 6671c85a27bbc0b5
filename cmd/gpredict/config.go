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
	"github.com/spf13/viper"

	"gpredict/predict"
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

// GetSize returns a size option in bytes, -1 for "auto".
func (c *config) GetSize(name string) int64 {
	if f := c.fs.Lookup(name); f != nil {
		if z, ok := f.Value.(*sizeValue); ok {
			return *z.val
		}
	}
	return -1
}

// memoryBudget is the --memory option in bytes: auto is
// predict.DefaultMemoryBudget (predict and test share it).
func (c *config) memoryBudget() int64 {
	if b := c.GetSize("memory"); b >= 0 {
		return b
	}
	return predict.DefaultMemoryBudget()
}

// GetStringSlice returns the values of a list option (--spec, --events).
func (c *config) GetStringSlice(name string) []string {
	if f := c.fs.Lookup(name); f != nil {
		if sv, ok := f.Value.(pflag.SliceValue); ok {
			return sv.GetSlice()
		}
	}
	return nil
}

// settings resolves the options of cmd with viper, the cobra + viper way
// (docs/cli.md, Configuration): the command's flags are bound
// (BindPFlags), the environment is read as GPREDICT_<FLAG> (SetEnvPrefix,
// AutomaticEnv, '-' as '_'), and the configuration file is --config FILE,
// GPREDICT_CONFIG or ./gpredict.yaml (SetConfigFile), so that viper's own
// order — flag, environment, file — says which source sets an option.
//
// Viper is kept strict. Its typed getters coerce (GetDuration of "5" is
// 5ns, GetBool of a flag goes through cast, GetInt of "08" is 0), so none
// is called: the value viper resolves for an option that the command line
// left unset is handed, as the text it was written with, to the flag's own
// parser (flagvalues.go), and a value the flag would refuse is refused
// with the flag's message, prefixed by its source:
//
//	--timeout: "5" needs a unit, e.g. 5s
//	GPREDICT_TIMEOUT: "5" needs a unit, e.g. 5s
//	gpredict.yaml:3: timeout: "5" needs a unit, e.g. 5s
//
// The file is read by a codec of ours (config_file.go) that keeps each
// value's text and line and rejects unknown keys before viper would fold
// their case. The getters of the result then read the flags.
//
// Calling it twice is harmless: a flag set from the environment or the
// file counts as set, and is not set again.
func settings(cmd *cobra.Command) (*config, error) {
	fs := cmd.Flags()
	options := optionFlags(cmd.Root())
	file := &fileCodec{known: optionNames(options)}
	codecs := viper.NewCodecRegistry()
	if err := codecs.RegisterCodec("yaml", file); err != nil {
		return nil, err
	}
	v := viper.NewWithOptions(viper.WithCodecRegistry(codecs))
	v.SetEnvPrefix("GPREDICT")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_"))
	v.AutomaticEnv()
	if err := v.BindPFlags(fs); err != nil {
		return nil, err
	}
	path, err := configPath(v, fs)
	if err != nil {
		return nil, usageError(err)
	}
	if path != "" {
		file.path = path
		v.SetConfigFile(path)
		v.SetConfigType("yaml") // whatever the file is called
		if err := v.ReadInConfig(); err != nil {
			var parse viper.ConfigParseError
			if errors.As(err, &parse) {
				err = parse.Unwrap() // the codec's message, with the line
			}
			return nil, usageError(err)
		}
	}
	var firstErr error
	fs.VisitAll(func(f *pflag.Flag) {
		if firstErr != nil || f.Changed || !isOption(f.Name) || !v.IsSet(f.Name) {
			return
		}
		// Not on the command line, but set: by the environment, which
		// viper hands over as the variable's text, or by the file, as
		// the codec's fileSetting.
		switch val := v.Get(f.Name).(type) {
		case fileSetting:
			firstErr = setFlag(fs, f, val.values, file.source(f.Name, val))
		case string:
			firstErr = setFlag(fs, f, []string{val}, envName(f.Name))
		default:
			firstErr = fmt.Errorf("%s: unexpected value %v (%T) from the configuration", f.Name, val, val)
		}
	})
	// A key this command does not take is still checked, with the flag of
	// a command that takes it, so that a bad value never waits silently
	// in the file for the day another command reads it. Setting that
	// command's flag is harmless: it does not run in this process.
	for _, name := range file.order {
		if firstErr == nil && fs.Lookup(name) == nil {
			s, other := file.settings[name], options[name]
			firstErr = setFlag(other.fs, other.flag, s.values, file.source(name, s))
		}
	}
	if firstErr != nil {
		return nil, usageError(firstErr)
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

// envName is the environment variable of a flag, as viper forms it with
// the prefix and key replacer that settings gives it: GPREDICT_ and the
// name in upper case, '-' as '_' (--input-format: GPREDICT_INPUT_FORMAT).
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

// configPath is the configuration file to read: viper's value of the
// `config` key — --config FILE, else GPREDICT_CONFIG — else
// ./gpredict.yaml if it exists, else none. A file named by --config or
// GPREDICT_CONFIG must exist.
func configPath(v *viper.Viper, fs *pflag.FlagSet) (string, error) {
	path := v.GetString("config") // a string: nothing to coerce
	if path == "" {
		// Name the file exactly: viper's search by name (SetConfigName)
		// would also take a file called plain `gpredict`, such as the
		// binary that `go build ./cmd/gpredict` leaves in the working
		// directory.
		if _, err := os.Stat("gpredict.yaml"); err == nil {
			return "gpredict.yaml", nil
		}
		return "", nil
	}
	if _, err := os.Stat(path); err != nil {
		source := "GPREDICT_CONFIG"
		if fs.Changed("config") {
			source = "--config"
		}
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

// optionNames lists the keys of options, sorted.
func optionNames(options map[string]optionFlag) []string {
	names := make([]string, 0, len(options))
	for name := range options {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
