//go:build !amd64 && !arm64

package rt

import "unsafe"

func getg() unsafe.Pointer { return nil }

func getfp() unsafe.Pointer { return nil }

const haveG = false
