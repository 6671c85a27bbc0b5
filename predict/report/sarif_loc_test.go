package report

import "testing"

func TestPosLocation(t *testing.T) {
	cases := []struct {
		pos, uri  string
		line, col int
	}{
		{"Main.java:12", "Main.java", 12, 0},
		{"a/b.go:3:7", "a/b.go", 3, 7},
		{"86", "86", 0, 0},
		{"Server.accept(server/Server.java:19)", "server/Server.java", 19, 0},
		{"Main.lambda$main$0(demo/Main.java)", "demo/Main.java", 0, 0},
	}
	for _, tc := range cases {
		l := posLocation(tc.pos).PhysicalLocation
		line, col := 0, 0
		if l.Region != nil {
			line, col = l.Region.StartLine, l.Region.StartColumn
		}
		if l.ArtifactLocation.URI != tc.uri || line != tc.line || col != tc.col {
			t.Errorf("%s: %s %d:%d, want %s %d:%d", tc.pos, l.ArtifactLocation.URI, line, col, tc.uri, tc.line, tc.col)
		}
	}
}
