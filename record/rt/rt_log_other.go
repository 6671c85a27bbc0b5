//go:build !linux

package rt

import (
	"errors"
	"os"
)

// canMap: off Linux chunks are buffers written to the log (rt_log.go).
const canMap = false

func mapFile(*os.File, int64, int) ([]byte, error) { return nil, errors.New("no shared mapping") }

func releasePages([]byte) {}
