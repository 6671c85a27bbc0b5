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

	"gpredict/record/rt"
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
	// Perturb perturbs the recorded run's schedule with Seed (0: one
	// chosen at random), perturb.go.
	Perturb bool
	Seed    uint64
}

// Result describes a recording.
type Result struct {
	Traces       []string // the trace files (or directories) written, one per process
	Events       int
	Threads      int
	Instrumented int // files instrumented
	ExitCode     int // the user's command's exit status
	Seconds      float64
	Seed         uint64 // the perturbation's seed, 0 when the run was not perturbed
	Warnings     []Warning
	// Blocked are the goroutines the run left waiting, when it did not
	// end by itself (blocked.go); Ended says how it ended then.
	Blocked []Blocked
	Ended   string
	// Panic is the panic a failed run ended with, if any (panicked.go).
	Panic *Panic
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
	res := &Result{Instrumented: ov.files, Seed: runSeed(o)}
	start := time.Now()
	var end endWatch
	res.ExitCode, res.Ended, err = runGo(dir, cmd, ovFile, absRaw, res.Seed, o, &end)
	res.Seconds = time.Since(start).Seconds()
	if err != nil {
		return nil, err
	}
	if err := collectAll(raw, o, l.modDir, res); err != nil {
		return nil, err
	}
	if res.ExitCode != 0 && end.panics.seen {
		res.Panic = parsePanic(end.panics.buf, l.modDir)
	}
	if res.Ended != "" {
		for _, path := range res.Traces {
			if o.Split || o.Format != "text" {
				break // the blocked goroutines are read from the text trace
			}
			b, err := blockedAtEnd(fileLines(path), res.Ended)
			if err != nil {
				return nil, err
			}
			res.Blocked = append(res.Blocked, b...)
		}
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

// runGo runs the instrumented command (its schedule perturbed with seed,
// if not 0) and returns its exit status and,
// if it did not end by itself, how it ended (end watches its output for
// the runtime's and the testing package's messages). The command runs in
// a process group of its own: an interrupt or termination that reaches
// gpredict is passed on to the whole group (go and the program it runs),
// and gpredict collects what was recorded until then.
func runGo(dir string, c Command, overlayFile, raw string, seed uint64, o Options, end *endWatch) (int, string, error) {
	cmd := exec.Command("go", goArgs(c, overlayFile)...)
	cmd.Dir = dir
	cmd.Env = append(perturbEnv(os.Environ(), seed), rt.DirEnv+"="+raw)
	cmd.Stdout, cmd.Stderr = end.writer(o.Stdout), end.writer(o.Stderr)
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return 0, "", err
	}
	sig := forwardSignals(cmd)
	err := cmd.Wait()
	got := sig()
	why := end.reason()
	if why == "" && got != "" {
		why = "interrupted by " + got
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), why, nil
	}
	return 0, why, err
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

// Collect turns the raw logs in raw (raw-PID.log in the format of
// raw.go, as record/rt writes them and as the Java agent of record/java
// does) into one trace per process, written as o says, and adds what it
// wrote to res. Their stack frames are left as they are (the Java agent
// writes no absolute paths).
func Collect(raw string, o Options, res *Result) error { return collectAll(raw, o, "", res) }

// collectAll turns each process's raw log into a trace.
func collectAll(raw string, o Options, root string, res *Result) error {
	logs, err := filepath.Glob(filepath.Join(raw, "raw-*.log"))
	if err != nil {
		return err
	}
	if len(logs) == 0 {
		return fmt.Errorf("the program recorded nothing: no instrumented code ran (is the package pattern right, or did the tests not run?)")
	}
	sort.Strings(logs)
	for i, log := range logs {
		base := "trace"
		if len(logs) > 1 {
			base = fmt.Sprintf("trace-%d", i+1)
		}
		out, t, warns, err := collect(log, o, base, root)
		res.Warnings = append(res.Warnings, warns...)
		if err != nil {
			return err
		}
		res.Traces = append(res.Traces, out)
		res.Events += t.total()
		res.Threads += len(t.threads)
	}
	return nil
}

// maxInMemory is the largest trace (in events) that collection reads back
// whole: to check that it is a trace (a check of the recorder itself) and
// to write the formats and layouts that need the trace (--format jsonl,
// --split). A text trace of more events is written, never read back.
const maxInMemory = 1_000_000

// collect writes the trace of the raw log at path: the merged text in
// o.Out/base.trace, with what a crash left dangling cut (cuts), then, for
// --format jsonl or --split, converted.
func collect(path string, o Options, base, root string) (string, *tally, []Warning, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", nil, nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", nil, nil, err
	}
	l, warns, err := openRaw(path, f, st.Size())
	if err != nil {
		return "", nil, warns, err
	}
	text := filepath.Join(o.Out, base+".trace")
	merged := text + ".merged"
	defer os.Remove(merged)
	t, err := writeMerged(l, merged, root)
	if err != nil {
		return "", nil, warns, err
	}
	limit, rewrite, more, err := cuts(t, fileLines(merged))
	warns = append(warns, more...)
	if err != nil {
		return "", nil, warns, err
	}
	if rewrite {
		out, err := os.Create(text)
		if err != nil {
			return "", nil, warns, err
		}
		dropped, err := applyCuts(t, limit, fileLines(merged), out)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", nil, warns, err
		}
		if dropped > 0 {
			warns = append(warns, Warning{fmt.Sprintf("%d hb facts about lost events dropped", dropped)})
		}
		for th, k := range limit {
			if k < t.events[th] {
				t.events[th] = k
			}
		}
	} else if err := os.Rename(merged, text); err != nil {
		return "", nil, warns, err
	}
	if t.total() > maxInMemory {
		if o.Split || o.Format != "text" {
			return "", nil, warns, fmt.Errorf("the recording has %d events; --split and --format jsonl read the trace whole, which holds at most %d: use the text trace %s", t.total(), maxInMemory, text)
		}
		return text, t, warns, nil
	}
	tr, err := trace.Read([]string{text}, "text")
	if err != nil {
		return "", nil, warns, fmt.Errorf("internal error: the recording does not read back as a trace (please report it): %v", err)
	}
	for _, w := range tr.Warnings {
		if w.Code == "unproduced-read" {
			warns = append(warns, Warning{fmt.Sprintf("a value that no recorded write produces is read (%s, first: %s): code the recorder does not see wrote it — "+
				"the standard library or a dependency writing into memory that instrumented code reads (binary.PutUint64 or io.ReadFull into a slice read element by element, json.Unmarshal into a struct), "+
				"reflection or unsafe, or a struct of more than 64 fields or an array of more than 8 elements inside a struct copied whole (docs/recording.md, \"Not recorded\"); "+
				"no schedule reaches past such a read", times(w.Count), w.Example)})
		}
	}
	out, err := convert(o, base, text, tr)
	return out, t, warns, err
}

// convert writes the trace tr, read from the text trace at text, in the
// chosen format and layout, and returns what it wrote.
func convert(o Options, base, text string, tr *trace.Trace) (string, error) {
	switch {
	case o.Split:
		dir := filepath.Join(o.Out, base)
		if err := os.RemoveAll(dir); err != nil {
			return "", err
		}
		if err := writeSplit(dir, fileLines(text), tr); err != nil {
			return "", err
		}
		return dir, os.Remove(text)
	case o.Format == "jsonl":
		path := filepath.Join(o.Out, base+".jsonl")
		f, err := os.Create(path)
		if err != nil {
			return "", err
		}
		if err := trace.WriteJSONLInArrivalOrder(f, tr); err != nil {
			f.Close()
			return "", err
		}
		if err := f.Close(); err != nil {
			return "", err
		}
		return path, os.Remove(text)
	}
	return text, nil
}

// writeSplit writes one text file per goroutine into dir, named so that
// reading the directory in name order numbers the threads as the single
// file does, and the directives into 0000-directives.trace.
func writeSplit(dir string, src lineSource, tr *trace.Trace) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files := map[string]*strings.Builder{"": {}}
	err := src(func(line string) error {
		th, ok := eventThread(line)
		if !ok {
			th = ""
		}
		if files[th] == nil {
			files[th] = &strings.Builder{}
		}
		files[th].WriteString(line)
		files[th].WriteByte('\n')
		return nil
	})
	if err != nil {
		return err
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

func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}
