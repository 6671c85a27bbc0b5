// Command tabulate turns the outputs of one benchmark row of bench/scale.sh
// into table cells. It reads gpredict's reports (text with --stats, JSON with --all) and RAPID's
// verbose output (`Race detected at event N : ...`, one line per racy
// event, N counting the trace's events from 1 in file order).
//
//	tabulate stats OURS.txt
//	    from the text report of `predict --stats`: events, candidates,
//	    pre-filtered, decided, what each stage settled, reports, unknown
//	    (tab-separated)
//	tabulate racy TRACE ALL.json [ENGINE=RAPID.out...]
//	    the racy events of a `--all` run (of every violation, its event
//	    that comes last in the file, as RAPID counts them), for each RAPID
//	    output its racy events and how many of them ours lack, and whether
//	    ours are a superset of those of SHB and SyncPreserving (WCP's are
//	    not all real races: after its first, WCP may report pairs no
//	    schedule makes adjacent)
//	    (ALL may also be the text report of `predict --all --witness none`)
//	tabulate racy-java TRACE ALL.json [ENGINE=RAPID.out...]
//	    the same for a Java recording (gpredict record --format std):
//	    ours predicted on the text TRACE, RAPID's on its STD projection,
//	    whose line numbers record/java.WriteSTD gives each event
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"gpredict/record/java"
	"gpredict/trace"
)

func main() {
	if len(os.Args) < 3 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "stats":
		err = stats(os.Args[2])
	case "racy", "racy-java":
		if len(os.Args) < 4 {
			usage()
		}
		err = racy(os.Args[2], os.Args[3], os.Args[4:], os.Args[1] == "racy-java")
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tabulate:", err)
		os.Exit(1)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: tabulate stats OURS.txt | tabulate racy|racy-java TRACE ALL.json [ENGINE=RAPID.out...]")
	os.Exit(2)
}

// doc is the part of gpredict's JSON document the table needs.
type doc struct {
	Stats struct {
		Events      int `json:"events"`
		Candidates  int `json:"candidates"`
		Prefiltered int `json:"prefiltered"`
		SolverCalls int `json:"solverCalls"`
		Skipped     int `json:"skipped"`
		Stages      []struct {
			Name           string `json:"name"`
			Found, Refuted int
		} `json:"stages"`
	} `json:"stats"`
	Violations []struct {
		Events []struct {
			ID string `json:"id"`
		} `json:"events"`
	} `json:"violations"`
	Unknown []json.RawMessage `json:"unknown"`
}

func readDoc(path string) (*doc, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var d doc
	if err := json.Unmarshal(src, &d); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &d, nil
}

// summaryLine is the text report's summary line (docs/output.md).
var summaryLine = regexp.MustCompile(`^(\d+) reports?, \d+ violations?, (\d+) unknown candidates?; \d+ threads?, (\d+) events?, \d+ property events?, (\d+) candidates? \((\d+) pre-filtered[^)]*\), (\d+) decided`)

// stats reads the text report of `gpredict predict --stats`: its summary
// line and the per-stage table after it. The timed run writes text, as a
// user would see it: the JSON document of a million-event trace spells
// out every witness (gigabytes), which would time the writing, not the
// prediction.
func stats(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var cells []string
	var settled []string
	inTable := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		if m := summaryLine.FindStringSubmatch(line); m != nil {
			cells = m[1:]
			continue
		}
		if strings.HasPrefix(line, "decided by stage") {
			inTable = true
			continue
		}
		fs := strings.Fields(line)
		if !inTable || len(fs) < 5 || fs[0] == "stage" {
			continue
		}
		found, err1 := strconv.Atoi(fs[2])
		refuted, err2 := strconv.Atoi(fs[3])
		if err1 != nil || err2 != nil {
			continue
		}
		if n := found + refuted; n > 0 {
			settled = append(settled, fmt.Sprintf("%s:%d", fs[0], n))
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if cells == nil {
		return fmt.Errorf("%s: no summary line", path)
	}
	if len(settled) == 0 {
		settled = []string{"-"}
	}
	reports, unknown, events, cands, pref, dec := cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]
	fmt.Printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\n", events, cands, pref, dec, strings.Join(settled, ","), reports, unknown)
	return nil
}

var rapidRace = regexp.MustCompile(`^Race detected at event (\d+)`)

func racy(tracePath, allPath string, rapid []string, javaSTD bool) error {
	tr, err := trace.Read([]string{tracePath}, "")
	if err != nil {
		return err
	}
	violations, err := violationEvents(allPath)
	if err != nil {
		return err
	}
	// pos is an event's line in the file RAPID read: the trace itself,
	// or the STD projection of a Java recording.
	pos := func(r trace.EventRef) int { return int(tr.Threads[r.Thread].Arrival[r.Index]) + 1 }
	if javaSTD {
		p, err := java.WriteSTD(tr)
		if err != nil {
			return err
		}
		pos = func(r trace.EventRef) int { return p.Line[r] }
	}
	ours := map[int]bool{}
	for _, v := range violations {
		last := -1
		for _, id := range v {
			r, ok := tr.Ref(id)
			if !ok {
				return fmt.Errorf("%s: no event %s in %s", allPath, id, tracePath)
			}
			last = max(last, pos(r))
		}
		ours[last] = true
	}
	cells := []string{strconv.Itoa(len(ours))}
	superset := true
	for _, arg := range rapid {
		engine, path, _ := strings.Cut(arg, "=")
		theirs, err := rapidEvents(path)
		if err != nil {
			return err
		}
		if theirs == nil {
			cells = append(cells, engine+":no-result")
			continue
		}
		missing := 0
		for n := range theirs {
			if !ours[n] {
				missing++
			}
		}
		if missing > 0 && engine != "WCP" {
			superset = false
		}
		cells = append(cells, fmt.Sprintf("%s:%d/%d", engine, len(theirs), missing))
	}
	if len(rapid) > 0 {
		cells = append(cells, "superset:"+map[bool]string{true: "yes", false: "NO"}[superset])
	}
	fmt.Println(strings.Join(cells, "\t"))
	return nil
}

// textViolation and textEvent are the lines of a text report (docs/output.md)
// that start a violation and name one of its chosen events.
var (
	textViolation = regexp.MustCompile(`^\[\d+/\d+\] `)
	textEvent     = regexp.MustCompile(`^    \S+ +(\S+#\d+\S*) `)
)

// violationEvents reads the chosen events' ids of every violation of a
// --all run: its JSON document, or its text report (--witness none),
// which a million-event trace needs — the JSON document spells out every
// witness's schedule, gigabytes for a few thousand violations.
func violationEvents(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReader(f)
	if first, _ := br.Peek(1); len(first) == 1 && first[0] == '{' {
		d, err := readDoc(path)
		if err != nil {
			return nil, err
		}
		out := make([][]string, len(d.Violations))
		for i, v := range d.Violations {
			for _, e := range v.Events {
				out[i] = append(out[i], e.ID)
			}
		}
		return out, nil
	}
	var out [][]string
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case textViolation.MatchString(line):
			out = append(out, nil)
		case len(out) > 0:
			if m := textEvent.FindStringSubmatch(line); m != nil {
				out[len(out)-1] = append(out[len(out)-1], m[1])
			}
		}
	}
	return out, sc.Err()
}

// rapidEvents reads the racy events of a RAPID run printed with -v 1;
// nil when the run did not finish (RAPID prints its totals last).
func rapidEvents(path string) (map[int]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[int]bool{}
	finished := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if m := rapidRace.FindStringSubmatch(sc.Text()); m != nil {
			n, _ := strconv.Atoi(m[1])
			out[n] = true
		}
		finished = finished || strings.HasPrefix(sc.Text(), "Number of 'racy' events found")
	}
	if !finished {
		return nil, sc.Err()
	}
	return out, sc.Err()
}
