package record

import (
	"testing"
)

// TestForeignReleases: a release another goroutine queued for its holder
// (record/rt rt_foreign.go) is in the trace once, as the holder's event
// at the stamp the note gives, with the fact from the unlock: written by
// the holder when its log has a line at that stamp, else by the merge
// (the holder never took another global stamp: it waited, or the run was
// killed), numbered after every event the holder logged. A note whose
// holder's chunks are gone adds nothing; a malformed note, or one after
// its release's stamp, is an error naming the file and chunk.
func TestForeignReleases(t *testing.T) {
	holder := "=1 # thread h\n=2 acquire m\n+1 w x 1\n"
	unlocker := "=3 # thread u\n=4 call void sync.Mutex.Unlock() target=m\n+1 # releases-for 1 5 u:1 release m\n=6 acquire m\n=7 release m\n"
	want := "h acquire m\nh write x 1\nu call void sync.Mutex.Unlock() target=m\nh release m\nhb u:1 h:3\nu acquire m\nu release m\n"
	for _, tc := range []struct {
		name, want, err string
		raw             []byte
	}{
		{"the holder wrote it", want + "h write x 2\n", "",
			rawLogOfRaw(testChunk{1, 0, holder + "=5 release m\n+1 hb u:1 h:3\n=8 w x 2\n", -1}, testChunk{2, 0, unlocker, -1})},
		{"the merge writes it", want, "",
			rawLogOfRaw(testChunk{1, 0, holder, -1}, testChunk{2, 0, unlocker, -1})},
		{"the holder logged on without a global stamp", "h acquire m\nh write x 1\nh write x 2\nu call void sync.Mutex.Unlock() target=m\nh release m\nhb u:1 h:4\nu acquire m\nu release m\n", "",
			rawLogOfRaw(testChunk{1, 0, holder + "+5 w x 2\n", -1}, testChunk{2, 0, unlocker, -1})},
		{"with its code", "h acquire m\nh write x 1\nu call void sync.Mutex.Unlock() target=m @u.go:2\nh release m @u.go:2\nhb u:1 h:3\n", "",
			rawLogOfRaw(testChunk{0, 0, "$1 @u.go:2\n", -1}, testChunk{1, 0, holder, -1},
				testChunk{2, 0, "=3 # thread u\n=4 $1 call void sync.Mutex.Unlock() target=m\n+1 # releases-for 1 5 u:1 $1 release m\n", -1})},
		{"its holder's chunks are gone", "u call void sync.Mutex.Unlock() target=m\nu acquire m\nu release m\n", "",
			rawLogOfRaw(testChunk{2, 0, unlocker, -1})},
		{"a malformed note", "", "raw.log: chunk 1: not a note of the recorder",
			rawLogOfRaw(testChunk{1, 0, holder, -1}, testChunk{2, 0, "=3 # thread u\n+1 # releases-for 1 x u:1 release m\n", -1})},
		{"a note after its release's stamp", "", "raw.log: chunk 1: a note at stamp",
			rawLogOfRaw(testChunk{1, 0, holder, -1}, testChunk{2, 0, "=6 # thread u\n+1 # releases-for 1 5 u:1 release m\n", -1})},
	} {
		t.Run(tc.name, func(t *testing.T) { checkCollected(t, tc.raw, tc.want, "", tc.err) })
	}
}
