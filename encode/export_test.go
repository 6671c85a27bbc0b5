package encode

import "gpredict/trace"

// RefuteEndingWindow is RefuteEnding with the rules looking at the last
// window events of each thread's part of the must-set, so that tests on
// small traces exercise the cut (ending.lo).
func (x *Index) RefuteEndingWindow(groups [][]trace.EventRef, rounds int, window uint32) Ending {
	return x.refuteEnding(groups, rounds, window)
}
