package features

import "testing"

func TestPipeline(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		if got := Pipeline(); got != 8 {
			t.Fatalf("got %d", got)
		}
	})
}
