package predict

import "gpredict/encode"

// NarrowSmallStages makes the small stages of the Z3 decider (z3freeze.go)
// use windows of one to three positions, so that on the few-event traces
// of the differential tests they really fix and drop events; it returns a
// function restoring the defaults.
func NarrowSmallStages() (restore func()) {
	saved, savedWin, savedMargin := smallStages, windowStages, windowMargin
	windowStages = []smallStage{{window: 1}, {window: 1, gap: 2}}
	windowMargin = 2
	smallStages = []smallStage{
		{relax: false, window: 1},
		{relax: true, window: 1},
		{relax: false, window: 1, gap: 3},
		{relax: false, window: 2, gap: encode.Span},
		{relax: true, window: 3, gap: encode.Span},
	}
	return func() { smallStages, windowStages, windowMargin = saved, savedWin, savedMargin }
}

// SmallStageCounts reports how many candidates a Z3 decider settled in its
// small stages (witness in the recorded order, found in a window or in
// the whole trace, refuted) and how many witnesses of a frozen stage
// replay validation rejected (a bug in freeze.go or window.go if any).
func SmallStageCounts(d Decider) (recorded, window, found, refuted, invalid int) {
	z := d.(*z3Decider)
	return z.recordedFound, z.windowFound, z.smallFound, z.smallRefuted, z.smallInvalid
}
