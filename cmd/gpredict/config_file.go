package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"go.yaml.in/yaml/v3"

	"gpredict/spec"
)

// fileSetting is one `key: value` of the configuration file: its values
// (one, or several for a list) as written, and the line they are on.
type fileSetting struct {
	values []string
	line   int
}

// fileCodec is the viper codec of gpredict.yaml (docs/cli.md): a YAML
// mapping from option names to values. It replaces viper's own YAML codec,
// which decodes values into Go types — `timeout: 5` into the integer 5,
// `timeout: 05` into 5 too, `jobs: 0x10` into 16 — and forgets lines, so
// that a value could no longer be checked as written nor an error point at
// it. This one decodes the YAML node tree and gives viper, for each key, a
// fileSetting: the values' text, which settings hands to the flag's
// parser, and their line.
//
// Every key must be an option of some command (known), checked here
// before viper folds the keys' case; a list option takes a value or a
// sequence of values, any other option one scalar (checked when it is
// applied). Errors name the file and line.
//
// One codec serves one settings call; it keeps what it decoded for the
// keys that the running command does not take (settings checks them too).
type fileCodec struct {
	path     string
	known    []string
	settings map[string]fileSetting
	order    []string // the keys in file order
}

// source names where a setting of key comes from, for messages.
func (c *fileCodec) source(key string, s fileSetting) string {
	return fmt.Sprintf("%s:%d: %s", c.path, s.line, key)
}

// Encode is not needed: gpredict never writes its configuration.
func (c *fileCodec) Encode(map[string]any) ([]byte, error) {
	return nil, errors.New("gpredict does not write configuration files")
}

// Decode reads the file into out, one fileSetting per key.
func (c *fileCodec) Decode(data []byte, out map[string]any) error {
	c.settings = map[string]fileSetting{}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // an empty file sets nothing
		}
		return fmt.Errorf("%s: %v", c.path, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return fmt.Errorf("%s:%d: a second YAML document; want one mapping of option: value", c.path, extra.Line)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil // only comments
	}
	if root.Kind != yaml.MappingNode {
		return fmt.Errorf("%s:%d: want a mapping of option: value, e.g. format: json", c.path, root.Line)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		at := fmt.Sprintf("%s:%d", c.path, k.Line)
		switch {
		case k.Kind != yaml.ScalarNode:
			return fmt.Errorf("%s: want an option name as key", at)
		case k.Value == "config":
			return fmt.Errorf("%s: config: the configuration file cannot name another one; use --config FILE or GPREDICT_CONFIG", at)
		case !slices.Contains(c.known, k.Value):
			msg := fmt.Sprintf("%s: unknown option %q", at, k.Value)
			if s := spec.Suggest(k.Value, c.known); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return fmt.Errorf("%s; the options are %s", msg, orList(c.known))
		}
		if first, dup := c.settings[k.Value]; dup {
			return fmt.Errorf("%s: %s is set twice (first on line %d)", at, k.Value, first.line)
		}
		values, err := scalarValues(v)
		if err != nil {
			return fmt.Errorf("%s:%d: %s: %v", c.path, v.Line, k.Value, err)
		}
		s := fileSetting{values: values, line: v.Line}
		c.settings[k.Value] = s
		c.order = append(c.order, k.Value)
		out[k.Value] = s
	}
	return nil
}

// scalarValues reads a value node: a scalar, or a sequence of scalars
// (whether the option takes a list is checked when it is applied).
func scalarValues(v *yaml.Node) ([]string, error) {
	switch {
	case v.Kind == yaml.ScalarNode && v.Tag == "!!null":
		return nil, errors.New("no value")
	case v.Kind == yaml.ScalarNode:
		return []string{v.Value}, nil
	case v.Kind == yaml.SequenceNode:
		out := make([]string, 0, len(v.Content))
		for _, item := range v.Content {
			if item.Kind != yaml.ScalarNode || item.Tag == "!!null" {
				return nil, fmt.Errorf("line %d: want a list of plain values", item.Line)
			}
			out = append(out, item.Value)
		}
		return out, nil
	}
	return nil, errors.New("want a value or a list of values, not a mapping")
}
