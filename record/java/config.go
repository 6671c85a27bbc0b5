package java

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Pattern is a method signature pattern of a property's call or execution
// pointcut, as the agent takes it: Ret and Decl are "*" for any, a type
// ending in + includes its subtypes, and ".." in Params is any number of
// parameters (docs/matching.md). The agent logs a call when some pattern
// may match it; predict matches the logged calls exactly.
type Pattern struct {
	Ret, Decl, Name string
	Params          []string
}

// AnyCall is the pattern of every method.
var AnyCall = Pattern{Ret: "*", Decl: "*", Name: "*", Params: []string{".."}}

func (p Pattern) line() string {
	return strings.Join([]string{p.Ret, p.Decl, p.Name, strings.Join(p.Params, ",")}, "\t")
}

func (p Pattern) check() error {
	for _, s := range append([]string{p.Ret, p.Decl, p.Name}, p.Params...) {
		if s == "" || strings.ContainsAny(s, "\t\n,") {
			return fmt.Errorf("signature pattern %q %q %q %q: each part must be non-empty, without tabs, newlines or commas", p.Ret, p.Decl, p.Name, p.Params)
		}
	}
	return nil
}

// writeConfig writes the agent's configuration file (the agent's
// gpredict/agent/Config.java reads it) into dir and returns its path.
func writeConfig(dir, raw string, o Options) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "raw %s\n", raw)
	for _, p := range o.Include {
		fmt.Fprintf(&b, "include %s\n", p)
	}
	for _, p := range o.Exclude {
		fmt.Fprintf(&b, "exclude %s\n", p)
	}
	if o.Branches {
		b.WriteString("branches\n")
	}
	for _, set := range []struct {
		key  string
		pats []Pattern
	}{{"call", o.Calls}, {"atomic", o.Atomic}} {
		for _, p := range set.pats {
			if err := p.check(); err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "%s %s\n", set.key, p.line())
		}
	}
	path := filepath.Join(dir, "agent.conf")
	return path, os.WriteFile(path, []byte(b.String()), 0o644)
}

// checkPackages checks --include/--exclude values: dotted package or
// class names.
func checkPackages(flag string, ps []string) error {
	for _, p := range ps {
		if p == "" || strings.ContainsAny(p, " \t\n/") {
			return fmt.Errorf("--%s %q: want a package or class name such as org.h2 or com.acme.Main", flag, p)
		}
	}
	return nil
}
