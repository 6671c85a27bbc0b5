package interrupt

import "testing"

// TestClosed: a nil channel and an open one are not closed; a closed one
// is, at once.
func TestClosed(t *testing.T) {
	open := make(chan struct{})
	closed := make(chan struct{})
	close(closed)
	for _, tc := range []struct {
		name string
		c    <-chan struct{}
		want bool
	}{{"nil", nil, false}, {"open", open, false}, {"closed", closed, true}} {
		if got := Closed(tc.c); got != tc.want {
			t.Errorf("Closed(%s) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
