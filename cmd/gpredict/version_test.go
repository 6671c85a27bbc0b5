package main

import (
	"strings"
	"testing"
)

// TestVersion: `gpredict version` and `gpredict --version` print the
// same line; -v is not the version (in Go tools it means verbose).
func TestVersion(t *testing.T) {
	out, errOut, code := runCLI(t, "version")
	if code != exitOK || errOut != "" || !strings.HasPrefix(out, "gpredict ") {
		t.Fatalf("version: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	flagOut, errOut, code := runCLI(t, "--version")
	if code != exitOK || errOut != "" || flagOut != out {
		t.Fatalf("--version: code %d, stdout %q (want %q), stderr %q", code, flagOut, out, errOut)
	}
	out, errOut, code = runCLI(t, "-v")
	if code != exitError || out != "" || !strings.Contains(errOut, "unknown shorthand flag: 'v' in -v") {
		t.Fatalf("-v: code %d, stdout %q, stderr %q; want exit 2 and an unknown flag", code, out, errOut)
	}
}

func TestUnknownFlagIsUsageError(t *testing.T) {
	_, errOut, code := runCLI(t, "version", "--no-such-flag")
	if code != exitError || !strings.Contains(errOut, "unknown flag") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}
