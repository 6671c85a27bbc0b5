//go:build !unix

package record

import "os/exec"

func ownGroup(*exec.Cmd) {}

// forwardSignals does nothing where there are no process groups.
func forwardSignals(*exec.Cmd) func() string { return func() string { return "" } }
