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

// sizeValue is a size in bytes with a unit (512MiB, 2GiB, 1.5GB), or
// "auto" (stored as -1): what the option takes by default, resolved when
// the run starts.
type sizeValue struct {
	val  *int64
	want string
}

// sizeUnits are the units a size takes, binary and decimal.
var sizeUnits = []struct {
	suffix string
	bytes  float64
}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}}

func (z *sizeValue) Set(s string) error {
	if s == "auto" {
		*z.val = -1
		return nil
	}
	for _, u := range sizeUnits {
		num, ok := strings.CutSuffix(s, u.suffix)
		if !ok {
			continue
		}
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || f <= 0 || f*u.bytes > 1<<62 {
			return fmt.Errorf("%q is not a size; want %s", s, z.want)
		}
		*z.val = int64(f * u.bytes)
		return nil
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return fmt.Errorf("%q needs a unit, e.g. %sMiB", s, s)
	}
	return fmt.Errorf("%q is not a size; want %s", s, z.want)
}

func (z *sizeValue) String() string {
	if *z.val < 0 {
		return "auto"
	}
	if *z.val%(1<<20) == 0 {
		return strconv.FormatInt(*z.val>>20, 10) + "MiB"
	}
	return strconv.FormatFloat(float64(*z.val)/(1<<10), 'f', -1, 64) + "KiB"
}
func (z *sizeValue) Type() string { return "size" }

func sizeFlag(fs *pflag.FlagSet, name string, want, usage string) {
	v := int64(-1)
	fs.Var(&sizeValue{val: &v, want: want}, name, usage)
}
