package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"gpredict/record/java"
	"gpredict/spec"
)

// javaFlags are the record flags that only a java command takes.
var javaFlags = []string{"props", "spec", "include", "exclude", "log-branches", "atomic", "agent"}

func addRecordJavaFlags(f *pflag.FlagSet) {
	f.String("props", "", "java: log the calls these properties' pointcuts may match (comma-separated names, or all: the default)")
	f.StringArray("spec", nil, "java: also the properties of this file (.gp); may be repeated")
	f.StringSlice("include", nil, "java: instrument only classes in these packages (e.g. org.h2,com.acme)")
	f.StringSlice("exclude", nil, "java: never instrument classes in these packages")
	boolFlag(f, "log-branches", "java: log a branch event at each conditional jump of instrumented code (the explicit branch model)")
	f.StringArray("atomic", nil, "java: signature pattern of methods whose executions (or, for JDK methods, calls) are atomic regions; may be repeated")
	f.String("agent", "", "java: the agent jar (default: gpredict-agent.jar beside the gpredict executable)")
}

// flagsSet is the flags given on the command line (before settings adds
// the environment's and the configuration file's, which may be meant for
// recordings of the other language).
func flagsSet(cmd *cobra.Command) map[string]bool {
	set := map[string]bool{}
	cmd.Flags().Visit(func(f *pflag.Flag) { set[f.Name] = true })
	return set
}

// noJavaFlags rejects the java-only flags on a go command.
func noJavaFlags(v *config, onCommandLine map[string]bool) error {
	for _, name := range javaFlags {
		if onCommandLine[name] {
			return usageError(fmt.Errorf("record --%s: only a java command takes it", name))
		}
	}
	if v.GetString("format") == "std" {
		return usageError(fmt.Errorf("record --format std: only a java command takes it; want text or jsonl"))
	}
	return nil
}

func runRecordJava(cmd *cobra.Command, v *config, args []string, onCommandLine map[string]bool) error {
	if onCommandLine["instrument"] {
		return usageError(fmt.Errorf("record --instrument: only a go command takes it; for java, see --include"))
	}
	for _, name := range []string{"perturb", "seed"} {
		if onCommandLine[name] {
			return usageError(fmt.Errorf("record --%s: only a go command takes it", name))
		}
	}
	if _, err := java.ParseCommand(args); err != nil {
		return usageError(err)
	}
	stderr := cmd.ErrOrStderr()
	calls, err := javaCallPatterns(v, stderr)
	if err != nil {
		return err
	}
	var atomic []java.Pattern
	for _, pat := range v.GetStringSlice("atomic") {
		p, err := atomicProperty(pat)
		if err != nil {
			return err
		}
		atomic = append(atomic, javaPattern(p.Events[0].Pointcut.(*spec.PcInvocation).Sig))
	}
	agent, err := agentJar(v.GetString("agent"))
	if err != nil {
		return err
	}
	out := v.GetString("out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	res, err := java.Record(args, java.Options{
		Out: out, Format: v.GetString("format"), Split: v.GetBool("split"), KeepRaw: v.GetBool("keep-raw"),
		Agent: agent, Calls: calls, Atomic: atomic, Include: v.GetStringSlice("include"),
		Exclude: v.GetStringSlice("exclude"), Branches: v.GetBool("log-branches"),
		Stdout: cmd.OutOrStdout(), Stderr: stderr,
	})
	if err != nil {
		return err
	}
	failed := recordWarnings(stderr, args, res, v.GetBool("allow-failure"))
	traces := strings.Join(res.Traces, " ")
	if v.GetString("format") == "std" {
		for _, t := range res.Traces {
			traces += " " + strings.TrimSuffix(t, ".trace") + ".std"
		}
	}
	fmt.Fprintf(stderr, "gpredict: recorded %d events of %d threads (%d classes instrumented, %.2fs): %s\n",
		res.Events, res.Threads, res.Instrumented, res.Seconds, traces)
	return failed
}

// javaCallPatterns are the signature patterns of the calls the chosen
// properties can match (spec.Invocations): --props (default all) and
// --spec, resolved as predict resolves them.
func javaCallPatterns(v *config, stderr io.Writer) ([]java.Pattern, error) {
	specFiles, code := loadSpecs(v.GetStringSlice("spec"), stderr)
	if code != 0 {
		return nil, exitCode(code)
	}
	sel := v.GetString("props")
	if sel == "" && len(specFiles) == 0 {
		sel = "all"
	}
	chosen, err := selectProps(specFiles, sel)
	if err != nil {
		return nil, err
	}
	var out []java.Pattern
	seen := map[string]bool{}
	for _, p := range chosen.Specs {
		pats, all := spec.Invocations(p)
		if all {
			return []java.Pattern{java.AnyCall}, nil
		}
		for _, sp := range pats {
			jp := javaPattern(sp)
			key := fmt.Sprint(jp)
			if !seen[key] {
				seen[key] = true
				out = append(out, jp)
			}
		}
	}
	return out, nil
}

// javaPattern is a signature pattern in the agent's form.
func javaPattern(sp *spec.SigPattern) java.Pattern {
	typ := func(tp *spec.TypePattern) string {
		if tp == nil {
			return "*"
		}
		if tp.Subtypes {
			return tp.Name + "+"
		}
		return tp.Name
	}
	p := java.Pattern{Ret: typ(sp.Ret), Decl: typ(sp.Decl), Name: sp.Name}
	for _, pp := range sp.Params {
		if pp.Ellipsis || pp.Type == nil {
			p.Params = append(p.Params, "..")
		} else {
			p.Params = append(p.Params, typ(pp.Type))
		}
	}
	return p
}

// agentJar is the Java agent to use: --agent (or GPREDICT_AGENT), else
// gpredict-agent.jar beside the gpredict executable (make build puts it
// there).
func agentJar(flag string) (string, error) {
	if flag != "" {
		return flag, nil
	}
	exe, err := os.Executable()
	if err == nil {
		jar := filepath.Join(filepath.Dir(exe), "gpredict-agent.jar")
		if _, err := os.Stat(jar); err == nil {
			return jar, nil
		}
	}
	return "", usageError(fmt.Errorf("record: no Java agent: build it with `make build` (bin/gpredict-agent.jar) or record/java/agent/build.sh, and give --agent JAR or GPREDICT_AGENT if it is not beside the gpredict executable"))
}
