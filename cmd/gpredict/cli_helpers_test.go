package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update rewrites the golden files of this package's tests (go test
// ./cmd/gpredict -update); defined once here for every test file.
var update = flag.Bool("update", false, "rewrite golden files under testdata")

// runCLI runs gpredict in-process with args, as a user would from a shell,
// and returns what it printed and its exit status. Every CLI test of this
// package uses it (one helper, so test files never define their own).
func runCLI(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runWith(t, nil, args...)
}

// runWith is runCLI with f, when not nil, as the engine's Decider
// factory, carried by the run's context (withDeciders) to force verdicts.
func runWith(t *testing.T, f deciderFactory, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx := context.Background()
	if f != nil {
		ctx = withDeciders(ctx, f)
	}
	var out, errb bytes.Buffer
	code = MainContext(ctx, args, &out, &errb)
	return out.String(), errb.String(), code
}

// repoRoot is the repository root (two levels above this package).
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// realTraces is testdata/traces at the repository root (real recordings
// by others, with their licences); a missing folder is a failure, not a
// skip.
func realTraces(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(repoRoot(t), "testdata", "traces")
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("real traces not found: %v", err)
	}
	return dir
}
