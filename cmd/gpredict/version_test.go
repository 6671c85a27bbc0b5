package main

import (
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	out, errOut, code := runCLI(t, "version")
	if code != exitOK || errOut != "" || !strings.HasPrefix(out, "gpredict ") {
		t.Fatalf("version: code %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestUnknownFlagIsUsageError(t *testing.T) {
	_, errOut, code := runCLI(t, "version", "--no-such-flag")
	if code != exitError || !strings.Contains(errOut, "unknown flag") {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
}
