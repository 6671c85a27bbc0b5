package main

import (
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"gpredict/props"
	"gpredict/spec"
)

// Shell completion (cobra's `gpredict completion bash|zsh|fish|powershell`)
// offers the values of every option that takes one of a list (--format,
// --branches, --witness, --input-format, --to, --diags), property names
// for --props (a comma-separated list: each name after the last comma)
// and for `props show`, and file names elsewhere.

// registerCompletions registers the completions of every command under
// root.
func registerCompletions(root *cobra.Command) {
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if ch, ok := f.Value.(*choiceValue); ok {
				// Cannot fail: each flag is registered once.
				_ = c.RegisterFlagCompletionFunc(f.Name, cobra.FixedCompletions(ch.choices, cobra.ShellCompDirectiveNoFileComp))
			}
		})
		if c.LocalFlags().Lookup("props") != nil {
			_ = c.RegisterFlagCompletionFunc("props", completePropsList)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// completePropsList completes the last name of a --props list: the
// catalogue's names, "all", and the properties of the --spec files given
// so far.
func completePropsList(cmd *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	done, last := "", toComplete
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		done, last = toComplete[:i+1], toComplete[i+1:]
	}
	candidates := props.Names()
	if done == "" {
		candidates = append(candidates, "all")
	}
	specs, _ := cmd.Flags().GetStringArray("spec")
	for _, file := range specs {
		if src, err := os.ReadFile(file); err == nil {
			f, _ := spec.Load(file, src)
			for _, p := range f.Properties {
				candidates = append(candidates, p.Name)
			}
		}
	}
	var out []string
	for _, c := range candidates {
		if strings.HasPrefix(c, last) {
			out = append(out, done+c)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completePropertyName completes the NAME of `props show NAME`.
func completePropertyName(_ *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, n := range props.Names() {
		if strings.HasPrefix(n, toComplete) {
			out = append(out, n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
