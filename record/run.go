package record

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gpredict/trace"
)

// Options configure a recording.
type Options struct {
	Dir     string   // where the user's command runs ("" = current directory)
	Out     string   // output directory
	Format  string   // "text" or "jsonl"
	Split   bool     // one file per goroutine instead of one file
	Extra   []string // import path prefixes of dependencies to instrument too
	Stdout  io.Writer
	Stderr  io.Writer
	KeepRaw bool // keep the runtime's raw logs (OUT/raw)
}

// Result describes a recording.
type Result struct {
	Traces       []string // the trace files (or directories) written, one per process
	Events       int
	Threads      int
	Instrumented int // files instrumented
	ExitCode     int // the user's command's exit status
	Seconds      float64
	Warnings     []Warning
}

// Record instruments the packages of the go command args (`go test …` or
// `go run …`), runs it, and writes the trace of each process it started.
func Record(args []string, o Options) (*Result, error) {
	cmd, err := ParseCommand(args)
	if err != nil {
		return nil, err
	}
	if o.Format == "" {
		o.Format = "text"
	}
	if o.Format != "text" && o.Format != "jsonl" {
		return nil, fmt.Errorf("--format %q: want text or jsonl", o.Format)
	}
	if o.Split && o.Format != "text" {
		return nil, fmt.Errorf("--split writes text files; want --format text with --split")
	}
	dir := o.Dir
	if dir == "" {
		if dir, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	l, err := load(dir, cmd, o.Extra)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "gpredict-record-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	ov, err := buildOverlay(l, work)
	if err != nil {
		return nil, err
	}
	ovFile, err := ov.write()
	if err != nil {
		return nil, err
	}
	raw, absRaw, err := RawDir(o.Out)
	if err != nil {
		return nil, err
	}
	res := &Result{Instrumented: ov.files}
	start := time.Now()
	res.ExitCode, err = runGo(dir, cmd, ovFile, absRaw, o)
	res.Seconds = time.Since(start).Seconds()
	if err != nil {
		return nil, err
	}
	if err := collectAll(raw, o, res); err != nil {
		return nil, err
	}
	if !o.KeepRaw {
		os.RemoveAll(raw)
	}
	return res, nil
}

// goArgs is the user's command with the overlay (and, for go test,
// -count=1: a cached test result would run nothing).
func goArgs(c Command, overlayFile string) []string {
	args := []string{c.Sub, "-overlay=" + overlayFile}
	if c.Sub == "test" && !hasFlag(c.Flags, "-count") && !hasFlag(c.Rest, "-count") {
		args = append(args, "-count=1")
	}
	args = append(args, c.Flags...)
	args = append(args, c.Packages...)
	return append(args, c.Rest...)
}

func hasFlag(flags []string, name string) bool {
	for _, f := range flags {
		if f == name || strings.HasPrefix(f, name+"=") {
			return true
		}
	}
	return false
}

// runGo runs the instrumented command and returns its exit status.
func runGo(dir string, c Command, overlayFile, raw string, o Options) (int, error) {
	cmd := exec.Command("go", goArgs(c, overlayFile)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GPREDICT_RECORD_DIR="+raw)
	cmd.Stdout, cmd.Stderr = o.Stdout, o.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), nil
	}
	if err != nil {
		return 0, err
	}
	return 0, nil
}

// RawDir empties (or makes) OUT/raw, where a recorded program writes its
// raw logs, and returns it and its absolute path (for the program, which
// runs elsewhere).
func RawDir(out string) (raw, abs string, err error) {
	raw = filepath.Join(out, "raw")
	if err := os.RemoveAll(raw); err != nil {
		return "", "", err
	}
	if err := os.MkdirAll(raw, 0o755); err != nil {
		return "", "", err
	}
	abs, err = filepath.Abs(raw)
	return raw, abs, err
}

// Collect turns the raw logs in raw (raw-PID.log: sequence-numbered
// lines of the text format, as record/rt writes them and as the Java
// agent of record/java does) into one trace per process, written as o
// says, and adds what it wrote to res.
func Collect(raw string, o Options, res *Result) error { return collectAll(raw, o, res) }

// collectAll turns each process's raw log into a trace.
func collectAll(raw string, o Options, res *Result) error {
	logs, err := filepath.Glob(filepath.Join(raw, "raw-*.log"))
	if err != nil {
		return err
	}
	if len(logs) == 0 {
		return fmt.Errorf("the program recorded nothing: no instrumented code ran (is the package pattern right, or did the tests not run?)")
	}
	sort.Strings(logs)
	for i, log := range logs {
		lines, warns, err := readRawFile(log)
		if err != nil {
			return err
		}
		text, more := merge(lines)
		res.Warnings = append(res.Warnings, append(warns, more...)...)
		base := "trace"
		if len(logs) > 1 {
			base = fmt.Sprintf("trace-%d", i+1)
		}
		out, tr, err := writeTrace(o, base, text)
		if err != nil {
			return err
		}
		res.Traces = append(res.Traces, out)
		res.Events += tr.NumEvents()
		res.Threads += len(tr.Threads)
	}
	return nil
}

// writeTrace validates the merged text and writes it in the chosen
// format and layout.
func writeTrace(o Options, base, text string) (string, *trace.Trace, error) {
	tr, err := trace.ParseText(base+".trace", text)
	if err != nil {
		return "", nil, fmt.Errorf("internal error: the recording does not read back as a trace (please report it): %v", err)
	}
	if o.Split {
		dir := filepath.Join(o.Out, base)
		if err := os.RemoveAll(dir); err != nil {
			return "", nil, err
		}
		return dir, tr, writeSplit(dir, text, tr)
	}
	path := filepath.Join(o.Out, base+"."+map[string]string{"text": "trace", "jsonl": "jsonl"}[o.Format])
	if o.Format == "text" {
		return path, tr, os.WriteFile(path, []byte(text), 0o644)
	}
	f, err := os.Create(path)
	if err != nil {
		return "", nil, err
	}
	if err := trace.WriteJSONLInArrivalOrder(f, tr); err != nil {
		f.Close()
		return "", nil, err
	}
	return path, tr, f.Close()
}

// writeSplit writes one text file per goroutine into dir, named so that
// reading the directory in name order numbers the threads as the single
// file does, and the directives into 0000-directives.trace.
func writeSplit(dir, text string, tr *trace.Trace) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := map[string]*strings.Builder{"": {}}
	for _, line := range strings.SplitAfter(text, "\n") {
		if line == "" {
			continue
		}
		th, ok := eventThread(line)
		if !ok {
			th = ""
		}
		if files[th] == nil {
			files[th] = &strings.Builder{}
		}
		files[th].WriteString(line)
	}
	for name, b := range files {
		file := "0000-directives.trace"
		if name != "" {
			id, _ := tr.ThreadByName(name)
			file = fmt.Sprintf("%04d-%s.trace", id+1, fileSafe(name))
		}
		if err := os.WriteFile(filepath.Join(dir, file), []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// fileSafe makes a thread name usable in a file name.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '/', '\\', ':', '*', '?', '"', '<', '>', '|':
			return '_'
		}
		return r
	}, s)
}
