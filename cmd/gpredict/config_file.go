package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"go.yaml.in/yaml/v3"

	"gpredict/spec"
)

// fileSetting is one `key: value` of the configuration file: its values
// (one, or several for a list) and the line they are on.
type fileSetting struct {
	values []string
	line   int
}

// readConfigFile reads the configuration file (docs/cli.md): a YAML
// mapping from option names to values. Every key must be an option of
// some command (known); a list option takes a value or a sequence of
// values, any other option one scalar. Errors name the file and line.
func readConfigFile(path string, known []string) (map[string]fileSetting, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return map[string]fileSetting{}, nil // an empty file sets nothing
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, fmt.Errorf("%s:%d: a second YAML document; want one mapping of option: value", path, extra.Line)
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return map[string]fileSetting{}, nil // only comments
	}
	if root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: want a mapping of option: value, e.g. format: json", path, root.Line)
	}
	out := map[string]fileSetting{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		at := fmt.Sprintf("%s:%d", path, k.Line)
		switch {
		case k.Kind != yaml.ScalarNode:
			return nil, fmt.Errorf("%s: want an option name as key", at)
		case k.Value == "config":
			return nil, fmt.Errorf("%s: config: the configuration file cannot name another one; use --config FILE or GPREDICT_CONFIG", at)
		case !slices.Contains(known, k.Value):
			msg := fmt.Sprintf("%s: unknown option %q", at, k.Value)
			if s := spec.Suggest(k.Value, known); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			return nil, fmt.Errorf("%s; the options are %s", msg, orList(known))
		}
		if first, dup := out[k.Value]; dup {
			return nil, fmt.Errorf("%s: %s is set twice (first on line %d)", at, k.Value, first.line)
		}
		values, err := scalarValues(v)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %v", path, v.Line, k.Value, err)
		}
		out[k.Value] = fileSetting{values: values, line: v.Line}
	}
	return out, nil
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
