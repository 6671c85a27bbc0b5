// Command gentrace writes the generated traces of the benchmarks (bench/
// scale.sh) as STD files, so that gpredict and RAPID read the same bytes.
// The shapes are those of package internal/benchtrace.
//
// Usage: gentrace -shape dense|sparse -events N [-seed S] -o FILE
package main

import (
	"flag"
	"fmt"
	"os"

	"gpredict/internal/benchtrace"
)

func main() {
	shape := flag.String("shape", "dense", "dense or sparse")
	events := flag.Int("events", 1000, "approximate number of events")
	seed := flag.Int64("seed", 1, "random seed")
	out := flag.String("o", "", "output file (STD)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: gentrace -shape dense|sparse -events N [-seed S] -o FILE")
		os.Exit(2)
	}
	if err := write(*out, *shape, *events, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "gentrace:", err)
		os.Exit(1)
	}
}

func write(path, shape string, events int, seed int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := benchtrace.Write(f, shape, events, seed); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
