package explain

import (
	"fmt"
	"strings"

	"gpredict/spec"
)

// Selector chooses the bindings whose refuted candidates predict
// --explain explains (predict.ExplainRefuted): every candidate (All),
// those of one property, or those of a property whose parameters have
// the given values (the others any): "all", "NAME", "NAME(p=v, q=w)" —
// the form the reports print bindings in, "NAME (p=v, q=w)", included.
type Selector struct {
	All      bool
	Property string
	Values   map[string]string // parameter → value
}

// ParseSelector reads a selector against the properties that run, so
// that a misspelt property or parameter is an error, never an empty
// selection.
func ParseSelector(s string, props []*spec.Property) (Selector, error) {
	s = strings.TrimSpace(s)
	if s == "all" {
		return Selector{All: true}, nil
	}
	name, rest, hasArgs := strings.Cut(s, "(")
	name = strings.TrimSpace(name)
	var p *spec.Property
	var names []string
	for _, q := range props {
		names = append(names, q.Name)
		if q.Name == name {
			p = q
		}
	}
	if p == nil {
		msg := fmt.Sprintf("%q: no property %s runs", s, name)
		if sug := spec.Suggest(name, names); sug != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", sug)
		}
		return Selector{}, fmt.Errorf("%s; want all, NAME or NAME(PARAM=VALUE, ...) of: %s", msg, strings.Join(names, ", "))
	}
	sel := Selector{Property: name, Values: map[string]string{}}
	if !hasArgs {
		return sel, nil
	}
	args, ok := strings.CutSuffix(strings.TrimSpace(rest), ")")
	if !ok {
		return Selector{}, fmt.Errorf("%q: want NAME(PARAM=VALUE, ...), with a closing parenthesis", s)
	}
	params := make([]string, len(p.Params))
	for i, prm := range p.Params {
		params[i] = prm.Name
	}
	for _, kv := range strings.Split(args, ",") {
		k, v, ok := strings.Cut(kv, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		if !ok || k == "" || v == "" {
			return Selector{}, fmt.Errorf("%q: %q is not PARAM=VALUE", s, strings.TrimSpace(kv))
		}
		if !contains(params, k) {
			return Selector{}, fmt.Errorf("%q: %s has no parameter %s; its parameters: %s", s, name, k, strings.Join(params, ", "))
		}
		if _, dup := sel.Values[k]; dup {
			return Selector{}, fmt.Errorf("%q: %s is given twice", s, k)
		}
		sel.Values[k] = v
	}
	return sel, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Selects reports whether some selector takes property p; with value
// (the binding's value of parameter i), whether one takes that binding.
func Selects(sels []Selector, p *spec.Property, value func(i int) string) bool {
	for _, s := range sels {
		if s.All {
			return true
		}
		if s.Property != p.Name {
			continue
		}
		ok := true
		for i, prm := range p.Params {
			if want, fixed := s.Values[prm.Name]; fixed && value != nil && value(i) != want {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}
