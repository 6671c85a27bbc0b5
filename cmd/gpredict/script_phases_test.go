package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The commands of this file write traces that make one phase of a run
// long (the interrupt_*.txtar scripts send a signal during it), and check
// the documents an interrupted run writes.

// genArgs parses the numeric arguments of a trace generator `NAME FILE
// N...`, failing the script with its usage otherwise.
func genArgs(ts *testscript.TestScript, neg bool, args []string, usage string, n int) []int {
	if neg || len(args) != n+1 {
		ts.Fatalf("usage: %s", usage)
	}
	out := make([]int, n)
	for i, a := range args[1:] {
		v, err := strconv.Atoi(a)
		if err != nil || v <= 0 {
			ts.Fatalf("usage: %s", usage)
		}
		out[i] = v
	}
	return out
}

// seqTraceCmd is `seqtrace FILE THREADS WRITES`: T1 forks and joins each
// of THREADS threads in turn, and each writes x WRITES times. Every two
// writes are ordered (fork and join), so a race property forms a
// candidate for every pair of threads and write and the pre-filter rules
// each out: the enumeration of candidates is the whole run.
func seqTraceCmd(ts *testscript.TestScript, neg bool, args []string) {
	n := genArgs(ts, neg, args, "seqtrace FILE THREADS WRITES", 2)
	var b strings.Builder
	for t := 2; t <= n[0]+1; t++ {
		fmt.Fprintf(&b, "T1 fork T%d\nT1 join T%d\n", t, t)
	}
	for t := 2; t <= n[0]+1; t++ {
		for i := 1; i <= n[1]; i++ {
			fmt.Fprintf(&b, "T%d write x %d @S.java:%d\n", t, t*1000000+i, i)
		}
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(b.String()), 0o644))
}

// lockOrderTraceCmd is `locktrace FILE THREADS HOLDS LOCKS`: each of
// THREADS threads, HOLDS times, takes two of LOCKS locks one inside the
// other, the pair and its order drawn by a fixed pseudo-random sequence:
// thousands of lock-order cycles for the Deadlock built-in to decide.
func lockOrderTraceCmd(ts *testscript.TestScript, neg bool, args []string) {
	n := genArgs(ts, neg, args, "locktrace FILE THREADS HOLDS LOCKS", 3)
	threads, holds, locks := n[0], n[1], n[2]
	if locks < 2 {
		ts.Fatalf("locktrace: at least 2 locks")
	}
	var b strings.Builder
	for t := 2; t <= threads; t++ {
		fmt.Fprintf(&b, "T1 fork T%d\n", t)
	}
	x := uint32(1)
	next := func(k int) int { // a linear congruential sequence: the same trace every time
		x = x*1664525 + 1013904223
		return int(x>>8) % k
	}
	for t := 1; t <= threads; t++ {
		for i := 0; i < holds; i++ {
			a := next(locks)
			c := (a + 1 + next(locks-1)) % locks // another lock
			loc := t*100000 + 2*i
			fmt.Fprintf(&b, "T%d acquire l%d @D.java:%d\nT%d acquire l%d @D.java:%d\nT%d write v%d %d\nT%d release l%d\nT%d release l%d\n",
				t, a, loc, t, c, loc+1, t, a, i, t, c, t, a)
		}
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(b.String()), 0o644))
}

// prefixTraceCmd is `prefixtrace FILE PREFIX RACES`: T1 writes PREFIX
// times to variables of its own, forks T2, which writes x once, and
// writes x RACES times: RACES races found at once, each witness running
// T1's PREFIX steps first, so that writing the reports with every step
// (--witness full, JSON) is the long part of the run.
func prefixTraceCmd(ts *testscript.TestScript, neg bool, args []string) {
	n := genArgs(ts, neg, args, "prefixtrace FILE PREFIX RACES", 2)
	var b strings.Builder
	for i := 0; i < n[0]; i++ {
		fmt.Fprintf(&b, "T1 write y%d %d\n", i%50, i)
	}
	b.WriteString("T1 fork T2\nT2 write x 0 @B.java:1\n")
	for i := 1; i <= n[1]; i++ {
		fmt.Fprintf(&b, "T1 write x %d @A.java:%d\n", i, i)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(b.String()), 0o644))
}

// jsonValidCmd is `jsonvalid FILE`: FILE holds one JSON value and nothing
// else (an interrupted run still writes a whole document).
func jsonValidCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: jsonvalid FILE")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	if !json.Valid(data) {
		ts.Fatalf("%s is not one valid JSON document (%d bytes)", args[0], len(data))
	}
}

// sarifValidCmd is `sarifvalid FILE`: FILE is a SARIF 2.1.0 log that the
// official schema (predict/report/testdata/sarif, with its licence)
// accepts.
func sarifValidCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sarifvalid FILE")
	}
	// The test runs in cmd/gpredict: the schema is in the repository.
	schemaFile, err := os.Open(filepath.Join("..", "..", "predict", "report", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	ts.Check(err)
	defer schemaFile.Close()
	doc, err := jsonschema.UnmarshalJSON(schemaFile)
	ts.Check(err)
	c := jsonschema.NewCompiler()
	const url = "sarif-schema-2.1.0.json"
	ts.Check(c.AddResource(url, doc))
	schema, err := c.Compile(url)
	ts.Check(err)
	f, err := os.Open(ts.MkAbs(args[0]))
	ts.Check(err)
	defer f.Close()
	log, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		ts.Fatalf("%s is not valid JSON: %v", args[0], err)
	}
	if err := schema.Validate(log); err != nil {
		ts.Fatalf("%s is not a valid SARIF 2.1.0 log: %v", args[0], err)
	}
}

// waitSizeCmd is `waitsize FILE BYTES DURATION`: it waits until FILE
// holds at least BYTES bytes (a background command has got that far in
// writing it), failing after DURATION.
func waitSizeCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: waitsize FILE BYTES DURATION")
	}
	want, err := strconv.ParseInt(args[1], 10, 64)
	ts.Check(err)
	limit, err := time.ParseDuration(args[2])
	ts.Check(err)
	for deadline := time.Now().Add(limit); ; time.Sleep(10 * time.Millisecond) {
		if fi, err := os.Stat(ts.MkAbs(args[0])); err == nil && fi.Size() >= want {
			return
		}
		if time.Now().After(deadline) {
			ts.Fatalf("waitsize: %s has fewer than %d bytes after %s", args[0], want, limit)
		}
	}
}
