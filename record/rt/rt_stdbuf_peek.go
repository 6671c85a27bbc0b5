//go:build go1.26

package rt

import "bytes"

// BufferPeek is (*bytes.Buffer).Peek (Go 1.26): it only looks. In a file
// of its own, built by Go 1.26 and later only, as the method is new there
// and the runtime is built by the recorded module's Go.
func BufferPeek(b *bytes.Buffer, n int, desc, site string) ([]byte, error) {
	p, err := b.Peek(n)
	bufRead(b, desc, site)
	return p, err
}
