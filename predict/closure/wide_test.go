package closure

import (
	"fmt"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestWideConfigRefutesFartherFacts: the read rules look at zones near the
// chosen events; a fact 100 events away is outside DefaultConfig's zones
// and inside WideConfig's, which is why the saturate stage tries the
// wider one when the near one refutes nothing.
func TestWideConfigRefutesFartherFacts(t *testing.T) {
	for _, tc := range []struct {
		pad        int
		near, wide bool // refuted by DefaultConfig(true), by WideConfig()
	}{
		{pad: 10, near: true, wide: true},
		{pad: 100, near: false, wide: true},
		{pad: 400, near: false, wide: false},
	} {
		t.Run(fmt.Sprint(tc.pad), func(t *testing.T) {
			text, race := testtrace.PaddedInterference(tc.pad)
			tr, block := testtrace.Parse(t, text, race)
			x := encode.NewModelIndex(tr, trace.BranchesImplicit)
			ch := Chain{Groups: [][]trace.EventRef{block}}
			if got := Saturate(x, ch, DefaultConfig(true)).Refuted; got != tc.near {
				t.Errorf("DefaultConfig(true) refuted: %v, want %v", got, tc.near)
			}
			res := Saturate(x, ch, WideConfig())
			if res.Refuted != tc.wide {
				t.Errorf("WideConfig() refuted: %v (%s), want %v", res.Refuted, res.Why, tc.wide)
			}
		})
	}
}
