package java

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"gpredict/record"
)

// Options configure a recording of a Java program.
type Options struct {
	Dir      string // where the java command runs ("" = current directory)
	Out      string // output directory
	Format   string // "text", "jsonl" or "std" (text plus its STD projection and location table)
	Split    bool   // one text file per thread
	KeepRaw  bool   // keep the agent's raw logs (OUT/raw)
	Agent    string // the agent jar
	Calls    []Pattern
	Atomic   []Pattern
	Include  []string // instrument only classes under these packages
	Exclude  []string // never these
	Branches bool     // log branch events
	Stdout   io.Writer
	Stderr   io.Writer
}

// Record runs the java command args with the agent and writes the trace
// of each JVM it started (normally one).
func Record(args []string, o Options) (*record.Result, error) {
	cmd, err := ParseCommand(args)
	if err != nil {
		return nil, err
	}
	if o.Format == "" {
		o.Format = "text"
	}
	if o.Format != "text" && o.Format != "jsonl" && o.Format != "std" {
		return nil, fmt.Errorf("--format %q: want text, jsonl or std", o.Format)
	}
	if o.Split && o.Format != "text" {
		return nil, fmt.Errorf("--split writes text files; want --format text with --split")
	}
	if err := checkPackages("include", o.Include); err != nil {
		return nil, err
	}
	if err := checkPackages("exclude", o.Exclude); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(o.Agent); err != nil || fi.IsDir() {
		return nil, fmt.Errorf("the Java agent %q is not there: build it with record/java/agent/build.sh (scripts/setup.sh does), or give --agent JAR", o.Agent)
	}
	raw, absRaw, err := record.RawDir(o.Out)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "gpredict-record-java-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	conf, err := writeConfig(work, absRaw, o)
	if err != nil {
		return nil, err
	}
	agent, err := filepath.Abs(o.Agent)
	if err != nil {
		return nil, err
	}
	res := &record.Result{}
	start := time.Now()
	res.ExitCode, err = runJava(cmd, "-javaagent:"+agent+"="+conf, o)
	res.Seconds = time.Since(start).Seconds()
	if err != nil {
		return nil, err
	}
	logs, _ := filepath.Glob(filepath.Join(raw, "raw-*.log"))
	if len(logs) == 0 {
		return nil, fmt.Errorf("the JVM recorded nothing: the agent did not start (java's output above says why)")
	}
	classes, warns, err := agentReport(raw)
	if err != nil {
		return nil, err
	}
	res.Instrumented = classes
	ro := record.Options{Out: o.Out, Format: o.Format, Split: o.Split}
	if o.Format == "std" {
		ro.Format = "text"
	}
	if err := record.Collect(raw, ro, res); err != nil {
		return nil, err
	}
	res.Warnings = append(warns, res.Warnings...)
	if o.Format == "std" {
		for _, tr := range res.Traces {
			base := strings.TrimSuffix(tr, ".trace")
			if err := writeSTDFile(tr, base+".std", base+".locations"); err != nil {
				return nil, err
			}
		}
	}
	if !o.KeepRaw {
		os.RemoveAll(raw)
	}
	return res, nil
}

// runJava runs the command and returns its exit status (-1 if a signal
// ended it).
func runJava(c Command, agentOption string, o Options) (int, error) {
	cmd := exec.Command(c.Java, c.argv(agentOption)...)
	cmd.Dir = o.Dir
	cmd.Stdout, cmd.Stderr = o.Stdout, o.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	if err != nil {
		return 0, fmt.Errorf("running %s: %w", c.Java, err)
	}
	return 0, nil
}

// maxAgentWarnings is how many of the agent's warnings are reported one
// by one; the rest are counted.
const maxAgentWarnings = 10

// agentReport reads the agent's files (agent-PID.txt): the classes it
// instrumented and what it could not instrument.
func agentReport(raw string) (int, []record.Warning, error) {
	files, _ := filepath.Glob(filepath.Join(raw, "agent-*.txt"))
	sort.Strings(files)
	classes := 0
	var msgs []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return 0, nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if n, ok := strings.CutPrefix(line, "classes "); ok {
				k, _ := strconv.Atoi(n)
				classes += k
			} else if w, ok := strings.CutPrefix(line, "warning "); ok {
				msgs = append(msgs, w)
			}
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			return 0, nil, err
		}
	}
	var warns []record.Warning
	for i, m := range msgs {
		if i == maxAgentWarnings {
			warns = append(warns, record.Warning{Msg: fmt.Sprintf("and %d more of the agent's warnings (--keep-raw keeps them in %s)", len(msgs)-i, filepath.Join(raw, "agent-*.txt"))})
			break
		}
		warns = append(warns, record.Warning{Msg: "agent: " + m})
	}
	return classes, warns, nil
}
