//go:build linux

package rt

import (
	"os"
	"syscall"
)

// canMap: chunks are a shared mapping of the log (rt_log.go).
const canMap = true

func mapFile(f *os.File, off int64, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), off, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_SHARED)
}

// releasePages drops a finished chunk from the process's memory; its
// lines stay in the file.
func releasePages(mem []byte) { syscall.Madvise(mem, syscall.MADV_DONTNEED) }
