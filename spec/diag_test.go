package spec

import "testing"

func TestSuggest(t *testing.T) {
	cands := []string{"acquire", "release", "read", "write"}
	cases := map[string]string{"aquire": "acquire", "relase": "release", "red": "read", "xyz": "", "wrte": "write", "": ""}
	for in, want := range cases {
		if got := Suggest(in, cands); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", in, got, want)
		}
	}
}
