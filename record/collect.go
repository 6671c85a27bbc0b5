package record

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

// rawLine is one line the runtime logged: its sequence number and its
// text (a trace line of the text format, or a "# forked-by" comment).
type rawLine struct {
	seq  uint64
	text string
}

// Warning is something the collector could not take as it was: where the
// recording stops, what it dropped.
type Warning struct{ Msg string }

// readRaw reads one process's raw log. A last line without its newline
// (the program died while writing) ends the recording there with a
// warning naming the file and line; anything else malformed is an error.
func readRaw(name string, r io.Reader) ([]rawLine, []Warning, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var out []rawLine
	var warns []Warning
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err == io.EOF {
			if line != "" {
				warns = append(warns, Warning{fmt.Sprintf("%s:%d: the recording stops here: the line is cut off (the program died while writing); read up to line %d", name, n, n-1)})
			}
			return out, warns, nil
		}
		if err != nil {
			return nil, nil, err
		}
		line = strings.TrimSuffix(line, "\n")
		seqText, text, ok := strings.Cut(line, " ")
		seq, perr := strconv.ParseUint(seqText, 10, 64)
		if !ok || perr != nil {
			return nil, nil, fmt.Errorf("%s:%d: not a line of the recorder (want SEQUENCE TEXT): %q", name, n, line)
		}
		if seq == 0 {
			continue // the header
		}
		out = append(out, rawLine{seq, text})
	}
}

// merge orders the lines of one process by sequence number and drops what
// a crash left dangling (fixDangling). It returns the trace text.
func merge(lines []rawLine) (string, []Warning) {
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].seq < lines[j].seq })
	kept, warns := fixDangling(lines)
	var b strings.Builder
	for _, l := range kept {
		b.WriteString(l.text)
		b.WriteByte('\n')
	}
	return b.String(), warns
}

// fixDangling removes what refers to events a crash lost. Events of one
// goroutine are logged in order, so a goroutine's surviving events are a
// prefix of what it did; but a flushed goroutine may refer to events of
// one whose buffer was lost: an hb fact whose target is lost constrains
// nothing and is dropped; one whose source is lost would let its target
// happen too early, so the target's thread is cut before the target; a
// goroutine whose fork was lost would seem to start at any time, so it is
// dropped. Cutting may lose more sources, so this runs to a fixpoint. On
// a complete recording it changes nothing.
func fixDangling(lines []rawLine) ([]rawLine, []Warning) {
	var warns []Warning
	limit := map[string]int{} // thread → events kept (absent: all)
	for {
		count := map[string]int{}
		for _, l := range lines {
			if th, ok := eventThread(l.text); ok {
				if lim, cut := limit[th]; !cut || count[th] < lim {
					count[th]++
				}
			}
		}
		has := func(id string) bool {
			th, k := splitRawID(id)
			return k >= 1 && k <= count[th]
		}
		changed := false
		cut := func(th string, keep int, why string) {
			if lim, ok := limit[th]; !ok || keep < lim {
				limit[th] = keep
				changed = true
				warns = append(warns, Warning{fmt.Sprintf("thread %s is cut after %d events: %s", th, keep, why)})
			}
		}
		for _, l := range lines {
			switch f := strings.Fields(l.text); {
			case len(f) == 3 && f[0] == "hb" && has(f[2]) && !has(f[1]):
				th, k := splitRawID(f[2])
				cut(th, k-1, "event "+f[1]+", which must happen before "+f[2]+", was lost")
			case len(f) == 4 && f[0] == "#" && f[1] == "forked-by" && !has(f[2]):
				cut(f[3], 0, "its fork "+f[2]+" was lost")
			}
		}
		if !changed {
			break
		}
	}
	var out []rawLine
	count := map[string]int{}
	for _, l := range lines {
		if th, ok := eventThread(l.text); ok {
			count[th]++
			if lim, cut := limit[th]; cut && count[th] > lim {
				continue
			}
		}
		out = append(out, l)
	}
	// Facts naming dropped or never-written events go too.
	final := map[string]int{}
	for _, l := range out {
		if th, ok := eventThread(l.text); ok {
			final[th]++
		}
	}
	kept := out[:0]
	dropped := 0
	for _, l := range out {
		f := strings.Fields(l.text)
		if len(f) == 3 && f[0] == "hb" {
			a, ka := splitRawID(f[1])
			b, kb := splitRawID(f[2])
			if ka > final[a] || kb > final[b] {
				dropped++
				continue
			}
		}
		if strings.HasPrefix(l.text, "# forked-by ") {
			continue
		}
		kept = append(kept, l)
	}
	if dropped > 0 {
		warns = append(warns, Warning{fmt.Sprintf("%d hb facts about lost events dropped", dropped)})
	}
	return kept, warns
}

// eventThread returns the thread of an event line (not a directive or
// comment).
func eventThread(text string) (string, bool) {
	th, _, _ := strings.Cut(text, " ")
	switch th {
	case "", "#", "init", "volatile", "type", "object", "hb", "lock":
		return "", false
	}
	return th, true
}

func splitRawID(id string) (string, int) {
	i := strings.LastIndexByte(id, ':')
	if i < 0 {
		return id, 0
	}
	k, err := strconv.Atoi(id[i+1:])
	if err != nil {
		return id, 0
	}
	return id[:i], k
}

// readRawFile reads a raw log file.
func readRawFile(path string) ([]rawLine, []Warning, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return readRaw(path, bytes.NewReader(data))
}
