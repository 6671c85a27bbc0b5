package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// The flag value types of gpredict. Each Set is the one parser of its
// option: a value from the command line, from GPREDICT_<FLAG> or from the
// configuration file goes through it (config.go), so that every source
// accepts the same values and rejects the others with the same message,
// prefixed by where the value came from. Nothing is coerced: "5" is not a
// duration, "yes" is not a boolean, "two" is not a number.

// choiceValue is a string that must be one of a fixed list (or empty, if
// empty is allowed and means a default chosen later).
type choiceValue struct {
	val        *string
	choices    []string
	allowEmpty bool
}

func (c *choiceValue) Set(s string) error {
	if slices.Contains(c.choices, s) || (s == "" && c.allowEmpty) {
		*c.val = s
		return nil
	}
	return fmt.Errorf("%q: want %s", s, orList(c.choices))
}
func (c *choiceValue) String() string { return *c.val }
func (c *choiceValue) Type() string   { return "string" }

// durationValue is a duration ≥ 0 with a unit ("10s", "1m30s"); want says
// what the option takes, for messages.
type durationValue struct {
	val  *time.Duration
	want string
}

func (d *durationValue) Set(s string) error {
	v, err := time.ParseDuration(s)
	switch {
	case err != nil:
		if _, numErr := strconv.ParseFloat(s, 64); numErr == nil {
			return fmt.Errorf("%q needs a unit, e.g. %ss", s, s)
		}
		return fmt.Errorf("%q is not a duration; want %s", s, d.want)
	case v < 0:
		return fmt.Errorf("%q is negative; want %s", s, d.want)
	}
	*d.val = v
	return nil
}
func (d *durationValue) String() string { return d.val.String() }
func (d *durationValue) Type() string   { return "duration" }

// countValue is a whole number ≥ min; want says what the option takes.
type countValue struct {
	val  *int
	min  int
	want string
}

func (c *countValue) Set(s string) error {
	v, err := strconv.Atoi(s)
	switch {
	case err != nil:
		return fmt.Errorf("%q is not a whole number; want %s", s, c.want)
	case v < c.min:
		return fmt.Errorf("%d: want %s", v, c.want)
	}
	*c.val = v
	return nil
}
func (c *countValue) String() string { return strconv.Itoa(*c.val) }
func (c *countValue) Type() string   { return "int" }

// boolValue is a boolean as strconv.ParseBool reads it: true, false, 1,
// 0, t, f (any case of the words). "yes", "no", "on" and "off" are
// refused everywhere, not only on the command line (docs/cli.md).
type boolValue struct{ val *bool }

func (b *boolValue) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("%q is not a boolean; want true or false", s)
	}
	*b.val = v
	return nil
}
func (b *boolValue) String() string   { return strconv.FormatBool(*b.val) }
func (b *boolValue) Type() string     { return "bool" }
func (b *boolValue) IsBoolFlag() bool { return true }

// The helpers below declare flags of these types.

func choiceFlag(fs *pflag.FlagSet, name, def string, choices []string, usage string) {
	v := def
	fs.Var(&choiceValue{val: &v, choices: choices, allowEmpty: def == ""}, name, usage)
}

func durationFlag(fs *pflag.FlagSet, name string, def time.Duration, want, usage string) {
	v := def
	fs.Var(&durationValue{val: &v, want: want}, name, usage)
}

func countFlag(fs *pflag.FlagSet, name string, def, min int, want, usage string) {
	v := def
	fs.Var(&countValue{val: &v, min: min, want: want}, name, usage)
}

func boolFlag(fs *pflag.FlagSet, name, usage string) {
	v := false
	fs.VarPF(&boolValue{val: &v}, name, "", usage).NoOptDefVal = "true"
}

// orList writes a list for messages: "a", "a or b", "a, b or c".
func orList(items []string) string {
	switch len(items) {
	case 0:
		return "nothing"
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}
