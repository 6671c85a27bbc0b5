//go:build !(amd64 || arm64) || race

package rt

import "sync/atomic"

// storeFlag is an atomic store where no plain one is written in
// assembly, or under the race detector: glock then uses its mutex only.
func storeFlag(p *uint32, v uint32) { atomic.StoreUint32(p, v) }

const flagStores = false
