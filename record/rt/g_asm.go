//go:build amd64 || arm64

package rt

import "unsafe"

// getg returns the runtime's descriptor of the current goroutine (its g).
func getg() unsafe.Pointer

const haveG = true
