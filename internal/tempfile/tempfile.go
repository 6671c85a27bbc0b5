// Package tempfile makes the temporary files a run spills to when memory
// would not hold what it keeps: the engine's witnesses (predict), the
// HTML report's rendered reports (predict/report).
package tempfile

import "os"

// Unlinked creates a temporary file in the default directory
// ($TMPDIR) and removes its name at once: the open file keeps its bytes
// until it is closed, so that even a process killed outright (SIGKILL, a
// memory cap) leaves nothing behind. On a system that cannot remove an
// open file (Windows) it closes and removes the file and returns the
// error, for the caller to keep its data in memory or fail.
func Unlinked(pattern string) (*os.File, error) {
	f, err := os.CreateTemp("", pattern)
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}
