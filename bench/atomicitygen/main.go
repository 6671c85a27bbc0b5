// Command atomicitygen writes STD traces with atomic blocks for
// bench/atomicity.sh, which compares gpredict atomicity with RAPID's
// Velodrome and Aerodrome: random recorded executions from
// internal/tracegen (-n), or given traces converted (-convert). The
// shared benchmark traces have no atomic blocks, so on them every checker
// answers "serializable"; these traces are where the verdicts can differ.
//
// An STD file keeps what atomicity looks at: accesses, locks, fork, join,
// and atomic() blocks as begin/end. A wait becomes the release it starts
// with and an acquire just before its thread's next event, which is how
// gpredict atomicity reads a wait in a recorded order; the other events
// (branch, call, notify, enters and exits of other methods) conflict with
// nothing and are left out.
//
// Usage: go run ./bench/atomicitygen -dir DIR [-n N] [-seed S] [-convert TRACE...]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"

	"gpredict/atomicity"
	"gpredict/internal/tracegen"
	"gpredict/trace"
)

func main() {
	dir := flag.String("dir", "", "directory to write the .std files into (required)")
	n := flag.Int("n", 0, "number of random traces")
	seed := flag.Int64("seed", 1, "seed of the first random trace")
	convert := flag.Bool("convert", false, "convert the traces given as arguments instead")
	flag.Parse()
	if *dir == "" {
		fmt.Fprintln(os.Stderr, "atomicitygen: -dir is required")
		os.Exit(2)
	}
	if err := run(*dir, *n, *seed, *convert, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "atomicitygen:", err)
		os.Exit(1)
	}
}

func run(dir string, n int, seed int64, convert bool, files []string) error {
	if convert {
		for _, f := range files {
			tr, err := trace.Read([]string{f}, "")
			if err != nil {
				return err
			}
			name := strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)) + ".std"
			if err := writeSTD(filepath.Join(dir, name), tr); err != nil {
				return err
			}
		}
		return nil
	}
	cfgs := []tracegen.Config{
		{Recorded: true, Threads: 3, Events: 40, Vars: 2},
		{Recorded: true, Threads: 3, Events: 60, Vars: 1, Locks: 1},
		{Recorded: true, Threads: 4, Events: 80, Vars: 3, Locks: 2, JoinWeight: 3},
	}
	for i := 0; i < n; i++ {
		s := seed + int64(i)
		tr := tracegen.Random(rand.New(rand.NewSource(s)), cfgs[i%len(cfgs)])
		if err := writeSTD(filepath.Join(dir, fmt.Sprintf("gen%03d.std", i+1)), tr); err != nil {
			return err
		}
	}
	return nil
}

// writeSTD writes tr's events in its recorded order as STD, the line
// number as location.
func writeSTD(path string, tr *trace.Trace) error {
	order, err := atomicity.RecordedOrder(tr)
	if err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	line := 0
	emit := func(t trace.ThreadID, op string) {
		line++
		fmt.Fprintf(w, "%s|%s|%d\n", tr.ThreadName(t), op, line)
	}
	pending := map[trace.ThreadID]string{}
	depth := map[trace.ThreadID][]bool{}
	for _, r := range order {
		t := r.Thread
		if l, ok := pending[t]; ok {
			delete(pending, t)
			emit(t, "acq("+l+")")
		}
		ev := tr.Event(r)
		obj := tr.Str(ev.Obj)
		switch ev.Op {
		case trace.OpRead:
			emit(t, "r("+obj+")")
		case trace.OpWrite:
			emit(t, "w("+obj+")")
		case trace.OpAcquire:
			emit(t, "acq("+obj+")")
		case trace.OpRelease:
			emit(t, "rel("+obj+")")
		case trace.OpWait:
			emit(t, "rel("+obj+")")
			pending[t] = obj
		case trace.OpFork:
			emit(t, "fork("+obj+")")
		case trace.OpJoin:
			emit(t, "join("+obj+")")
		case trace.OpEnter:
			atomic := tr.Signature(ev.Obj).Name == "atomic"
			depth[t] = append(depth[t], atomic)
			if atomic {
				emit(t, "begin")
			}
		case trace.OpExit:
			s := depth[t]
			depth[t] = s[:len(s)-1]
			if s[len(s)-1] {
				emit(t, "end")
			}
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
