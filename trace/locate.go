package trace

import (
	"context"
	"errors"
	"fmt"
)

// locator is a Builder's request to stop at one event (Locate).
type locator struct {
	at  uint32
	pos Pos
}

var errLocated = errors.New("trace: event located")

// Locate reads the trace file path (format "" = by extension) again up to
// its event with arrival position `arrival` (Thread.Arrival) and returns
// where that event is in the file: a line and column, or a byte offset
// for RapidBin. Traces do not keep their events' positions, which only
// error messages about a later stage need; re-reading costs nothing until
// then.
func Locate(path string, format Format, arrival uint32) (Pos, error) {
	b := NewBuilder()
	b.locate = &locator{at: arrival}
	err := readFile(context.Background(), b, path, format)
	if errors.Is(err, errLocated) {
		return b.locate.pos, nil
	}
	if err == nil {
		err = fmt.Errorf("%s has fewer than %d events", path, arrival+1)
	}
	return Pos{}, err
}
