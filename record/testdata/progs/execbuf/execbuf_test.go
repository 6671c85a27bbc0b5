// Package execbuf gives os/exec buffers to fill. In TestRacy the test
// reads the buffer after a time-out, not after Wait: os/exec's goroutine
// copying the process's output into it may still be writing (go test
// -race reports it; GoBench's moby/18412). The other tests read after
// Wait or Run, which wait for that goroutine: no race.
package execbuf

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func needSh(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh:", err)
	}
}

type result struct {
	out bytes.Buffer
}

func TestRacy(t *testing.T) {
	needSh(t)
	r := &result{}
	cmd := exec.Command("sh", "-c", "echo hi; exec sleep 5")
	cmd.Stdout = &r.out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-time.After(20 * time.Millisecond):
		cmd.Process.Kill()
	case <-waited:
		t.Log("the command ended before the time-out")
	}
	_ = r.out.String() // not ordered after Wait
	<-waited
}

func TestWaited(t *testing.T) {
	needSh(t)
	var out bytes.Buffer
	cmd := exec.Command("sh", "-c", "echo out; echo err >&2")
	cmd.Stdout = &out
	cmd.Stderr = &out // one goroutine for both
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); !strings.Contains(s, "out") || !strings.Contains(s, "err") {
		t.Errorf("output %q", s)
	}
}

func TestRun(t *testing.T) {
	needSh(t)
	in := bytes.NewBufferString("to cat\n")
	var out, errs bytes.Buffer
	cmd := exec.Command("sh", "-c", "cat; echo quiet >/dev/null")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = in, &out, &errs
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if out.String() != "to cat\n" || errs.Len() != 0 || in.Len() != 0 {
		t.Errorf("out %q, err %q, %d left in stdin", out.String(), errs.String(), in.Len())
	}
}

// TestWaitInGoroutine: the waiter's send follows Wait, and the test's
// read follows the receive.
func TestWaitInGoroutine(t *testing.T) {
	needSh(t)
	var out bytes.Buffer
	cmd := exec.Command("sh", "-c", "echo late")
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error)
	go func() { waited <- cmd.Wait() }()
	if err := <-waited; err != nil {
		t.Fatal(err)
	}
	if out.String() != "late\n" {
		t.Errorf("output %q", out.String())
	}
}
