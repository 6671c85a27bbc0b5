//go:build !linux || !(amd64 || arm64)

package rt

// Without membarrier(2) glock uses its mutex only.
func registerMembarrier() bool { return false }

func membarrier() {}
