//go:build amd64 || arm64

package rt

import "unsafe"

// getg returns the runtime's descriptor of the current goroutine (its g).
func getg() unsafe.Pointer

// getfp returns the frame pointer of its caller: the head of the chain
// of frame pointers that Go keeps on these architectures (rt_stack.go).
func getfp() unsafe.Pointer

const haveG = true
