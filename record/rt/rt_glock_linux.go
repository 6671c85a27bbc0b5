//go:build linux && (amd64 || arm64)

package rt

import "syscall"

// Linux's membarrier(2) commands (include/uapi/linux/membarrier.h).
const (
	membarrierPrivateExpedited         = 1 << 3
	membarrierRegisterPrivateExpedited = 1 << 4
)

// sysMembarrier is the system call's number (syscall.SYS_MEMBARRIER is
// missing on some architectures of the syscall package).
const sysMembarrier = sysMembarrierNr

// registerMembarrier registers the process for membarrier, and reports
// whether it can use it (glock).
func registerMembarrier() bool {
	_, _, e := syscall.Syscall(sysMembarrier, membarrierRegisterPrivateExpedited, 0, 0)
	return e == 0
}

// membarrier makes every running thread of the process execute a full
// memory barrier.
func membarrier() { syscall.Syscall(sysMembarrier, membarrierPrivateExpedited, 0, 0) }
