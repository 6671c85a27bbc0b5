//go:build unix

package record

import (
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

// ownGroup runs cmd in a process group of its own.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// forwardSignals passes SIGINT, SIGTERM and SIGQUIT that reach gpredict
// on to cmd's process group while it runs. The returned function stops
// that and says which signal came ("" if none).
func forwardSignals(cmd *exec.Cmd) func() string {
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM, syscall.SIGQUIT)
	done := make(chan string)
	go func() {
		got := ""
		for s := range ch {
			if got == "" {
				got = s.String()
			}
			syscall.Kill(-cmd.Process.Pid, s.(syscall.Signal))
		}
		done <- got
	}()
	return func() string {
		signal.Stop(ch)
		close(ch)
		return <-done
	}
}
