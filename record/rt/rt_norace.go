//go:build !race

package rt

import "sync/atomic"

// countUp adds one to the recorder's counter c and returns the sum
// (rt_race.go says why a race build does more).
func countUp(c *atomic.Uint64) uint64 { return c.Add(1) }
