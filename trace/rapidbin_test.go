package trace

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// rbFromText builds a RapidBin file from a readable description, so that
// the binary test inputs under testdata are reviewable text:
//
//	header THREADS LOCKS VARS EVENTS   the big-endian header
//	event THREAD OP DECOR LOC          one record (docs/trace-format.md)
//	raw HEX                            literal bytes (cut-off records, bad bits)
//
// '#' starts a comment.
func rbFromText(src string) ([]byte, error) {
	var out bytes.Buffer
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		nums := make([]int64, len(f)-1)
		for i, s := range f[1:] {
			if f[0] == "raw" {
				break
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			nums[i] = v
		}
		switch {
		case f[0] == "header" && len(nums) == 4:
			binary.Write(&out, binary.BigEndian, int16(nums[0]))
			binary.Write(&out, binary.BigEndian, int32(nums[1]))
			binary.Write(&out, binary.BigEndian, int32(nums[2]))
			binary.Write(&out, binary.BigEndian, nums[3])
		case f[0] == "event" && len(nums) == 4:
			binary.Write(&out, binary.BigEndian, rbPack(nums[0], nums[1], nums[2], nums[3]))
		case f[0] == "raw" && len(f) == 2:
			b, err := hex.DecodeString(f[1])
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			out.Write(b)
		default:
			return nil, fmt.Errorf("line %d: want header T L V N, event T OP DECOR LOC or raw HEX", n)
		}
	}
	return out.Bytes(), nil
}

// rbPack packs one record: thread bits 0-9, op 10-13, decor 14-47, loc 48-62.
func rbPack(thread, op, decor, loc int64) int64 {
	return thread | op<<10 | decor<<14 | loc<<48
}

func TestRapidBinNaming(t *testing.T) {
	src := `header 3 2 2 9
event 0 6 0 0  # begin: skipped
event 0 3 1 5  # T0 w(V1) at 5
event 0 4 2 6  # T0 fork(T2)
event 2 8 1 7  # req: skipped
event 2 0 1 7  # T2 acq(L1)
event 2 2 1 8  # T2 r(V1): reads T0's write
event 2 2 0 9  # T2 r(V0): initial value
event 2 9 0 10 # branch: kept
event 2 1 1 11
`
	data, err := rbFromText(src)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBuilder()
	if err := ReadRapidBin(b, "x.data", bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	if err := WriteText(&got, b.Finish()); err != nil {
		t.Fatal(err)
	}
	want := `T0 write V1 T0:1 @5
T0 fork T2 @6
T2 acquire L1 @7
T2 read V1 T0:1 @8
T2 read V0 0 @9
T2 branch @10
T2 release L1 @11
`
	if got.String() != want {
		t.Errorf("got\n%s\nwant\n%s", got.String(), want)
	}
}
