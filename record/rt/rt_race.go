//go:build race

package rt

import (
	"runtime"
	"sync/atomic"
)

// countUp adds one to the recorder's counter c and returns the sum. In a
// race build (`go test -race` recorded) the race detector is told to
// ignore the add's synchronisation: every synchronisation event takes
// the next number of one global counter (gstate.globalStamp), and to the
// detector each add would order whatever its goroutine did before it
// before whatever any goroutine does after its next one, hiding races
// the run has. Nothing but the counter is touched in between, and the
// counter is only ever accessed atomically, so the detector loses no
// ordering of the program's (or the recorder's) memory.
func countUp(c *atomic.Uint64) uint64 {
	runtime.RaceDisable()
	k := c.Add(1)
	runtime.RaceEnable()
	return k
}
