// Command gentrace writes the generated traces of the benchmarks (bench/
// scale.sh). The shapes dense and sparse are written as STD files, so
// that gpredict and RAPID read the same bytes; the lock-heavy family
// (-shape locks) is written in the text format, with its values, and,
// with -std, as the STD twin RAPID reads (same events, same order, no
// values). The shapes are those of package internal/tracegen.
//
// Usage:
//
//	gentrace -shape dense|sparse -events N [-seed S] -o FILE.std
//	gentrace -shape locks -events N [-seed S] [-threads T] [-locks L] [-depth D] -o FILE.trace [-std FILE.std]
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"gpredict/internal/tracegen"
)

func main() {
	shape := flag.String("shape", "dense", "dense, sparse or locks")
	events := flag.Int("events", 1000, "approximate number of events")
	seed := flag.Int64("seed", 1, "random seed")
	out := flag.String("o", "", "output file")
	std := flag.String("std", "", "locks only: also write the STD twin here")
	def := tracegen.DefaultLocks()
	threads := flag.Int("threads", def.Threads, "locks only: threads (8 to 32 in the family)")
	locks := flag.Int("locks", def.Locks, "locks only: locks (6 to 12)")
	depth := flag.Int("depth", def.Depth, "locks only: locks held at once, at most (2 or 3)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: gentrace -shape dense|sparse|locks -events N [-seed S] -o FILE [-std FILE] [-threads T -locks L -depth D]")
		os.Exit(2)
	}
	var err error
	if *shape == "locks" {
		p := def
		p.Threads, p.Locks, p.Depth = *threads, *locks, *depth
		err = writeLocks(*out, *std, p, *events, *seed)
	} else {
		err = create(*out, func(w io.Writer) error { return tracegen.WriteBench(w, *shape, *events, *seed) })
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentrace:", err)
		os.Exit(1)
	}
}

func writeLocks(out, std string, p tracegen.Locks, events int, seed int64) error {
	if std == "" {
		return create(out, func(w io.Writer) error { return tracegen.WriteLocks(w, nil, p, events, seed) })
	}
	return create(std, func(sw io.Writer) error {
		return create(out, func(w io.Writer) error { return tracegen.WriteLocks(w, sw, p, events, seed) })
	})
}

// create writes path with write, removing it when write fails.
func create(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
