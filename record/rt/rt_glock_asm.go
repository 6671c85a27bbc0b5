//go:build (amd64 || arm64) && !race

package rt

// storeFlag stores v at p with an ordinary store that the compiler cannot
// move (an assembly function): on amd64 a plain move, on arm64 a
// store-release, so the stores before it are seen first; no locked
// instruction (glock).
func storeFlag(p *uint32, v uint32)

// flagStores says storeFlag is a plain store.
const flagStores = true
