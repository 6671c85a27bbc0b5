package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gpredict/internal/javatest"
)

// fig18Recording is how a driver of examples/java/fig18 is recorded.
type fig18Recording struct {
	main   string   // the driver class
	jars   []string // Debian's jars in /usr/share/java
	jvm    []string // JVM options
	record []string // gpredict record flags
}

var fig18Recordings = map[string]fig18Recording{
	"jfreechart": {main: "fig18.JFreeChartListeners", jars: []string{"jfreechart", "jcommon"},
		jvm: []string{"-Djava.awt.headless=true"}, record: []string{"--props", "UnsafeIterator"}},
	"h2": {main: "fig18.H2DatabaseAccess", jars: []string{"h2"},
		record: []string{"--props", "UnsafeDatabaseAccess", "--include", "fig18"}},
	"derby": {main: "fig18.DerbyStatementCache", jars: []string{"derby"},
		record: []string{"--props", "CheckThenAct,NullDereference", "--include",
			"fig18,org.apache.derby.impl.services.locks,org.apache.derby.impl.sql.conn"}},
	"stringbuffer": {main: "fig18.StringBufferAtomicity",
		record: []string{"--props", "AtomicityViolation", "--atomic", "* StringBuffer.append(..)", "--log-branches"}},
	"jdk": {main: "fig18.StringBufferDeadlock", record: []string{"--props", "Deadlock"}},
}

// fig18Row is one row of the FIG. 18 table of docs/recording-java.md: a
// recording, the property predicted on it, and where its violations must
// be.
type fig18Row struct {
	name      string
	recording string
	props     string
	locations []string // each must be a location of a reported violation
	predict   []string // more predict flags
}

var fig18Rows = []fig18Row{
	{"jfreechart", "jfreechart", "UnsafeIterator", []string{
		"TimeSeriesCollection.getSeries(org/jfree/data/time/TimeSeriesCollection.java:326)",
		"TimeSeriesCollection.addSeries(org/jfree/data/time/TimeSeriesCollection.java:381)"}, nil},
	{"h2", "h2", "UnsafeDatabaseAccess", []string{
		"H2DatabaseAccess.lambda$main$0(fig18/H2DatabaseAccess.java:", "H2DatabaseAccess.main(fig18/H2DatabaseAccess.java:"}, nil},
	{"derby1", "derby", "NullDereference", []string{
		"CachedStatement.clearIdentity(org/apache/derby/impl/sql/conn/CachedStatement.java)"}, nil},
	{"derby2", "derby", "CheckThenAct", []string{
		"ConcurrentLockSet.unlock(org/apache/derby/impl/services/locks/ConcurrentLockSet.java)"}, nil},
	// Recorded with --log-branches, the driver runs no conditional jump
	// of its own: --branches auto would take the implicit model for a
	// trace without branch events, which is wrong for this one.
	{"stringbuffer", "stringbuffer", "AtomicityViolation", []string{
		"StringBufferAtomicity.lambda$main$0(fig18/StringBufferAtomicity.java:27)",
		"StringBufferAtomicity.lambda$main$1(fig18/StringBufferAtomicity.java:34)"}, []string{"--branches", "explicit"}},
	{"jdk", "jdk", "Deadlock", []string{
		"StringBufferDeadlock.lambda$main$0(fig18/StringBufferDeadlock.java:14)",
		"StringBufferDeadlock.lambda$main$1(fig18/StringBufferDeadlock.java:17)"}, nil},
}

// fig18Measured is what a row measures, in the table's columns.
type fig18Measured struct {
	threads, model, property, reports int
	seconds                           float64
}

// TestFig18 records each driver of examples/java/fig18 on the Debian
// library it exercises, predicts its property, and checks the row of the
// FIG. 18 table of docs/recording-java.md: the same threads, model and
// property events within a fifth of the table's and reports within half
// (the drivers' threads are kept apart by sleeps, which a loaded machine
// can stretch: which cache entry a Derby client reuses, or how far a
// client got when another starts, changes a few events and groups), and
// violations at the driver's documented locations.
func TestFig18(t *testing.T) {
	agent := javatest.Agent(t)
	var cp []string
	for _, jar := range []string{"jfreechart", "jcommon", "h2", "derby"} {
		path := filepath.Join("/usr/share/java", jar+".jar")
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("%s: %v (scripts/setup.sh --dev installs Debian's libjfreechart-java, libh2-java, libderby-java)", path, err)
		}
		cp = append(cp, path)
	}
	classes := javatest.Compile(t, filepath.Join(repoRoot(t), "examples", "java", "fig18"), cp...)
	table := fig18Table(t)
	traces := map[string]string{}
	dir := t.TempDir() // rows that share a recording outlive each other's subtests
	for _, row := range fig18Rows {
		t.Run(row.name, func(t *testing.T) {
			tr, ok := traces[row.recording]
			if !ok {
				rec := fig18Recordings[row.recording]
				out := filepath.Join(dir, row.recording)
				args := []string{"record", "-o", out, "--agent", agent}
				args = append(args, rec.record...)
				args = append(args, "--", "java")
				args = append(args, rec.jvm...)
				// Derby writes derby.log where the JVM runs unless told.
				args = append(args, "-Dderby.stream.error.file="+filepath.Join(dir, row.recording+"-derby.log"))
				jars := []string{classes}
				for _, j := range rec.jars {
					jars = append(jars, filepath.Join("/usr/share/java", j+".jar"))
				}
				args = append(args, "-cp", strings.Join(jars, ":"), rec.main)
				stdout, stderr, code := runCLI(t, args...)
				if code != exitOK || strings.Contains(stderr, "exited with status") {
					t.Fatalf("record: exit %d\n%s%s", code, stdout, stderr)
				}
				tr = filepath.Join(out, "trace.trace")
				traces[row.recording] = tr
			}
			got := fig18Measure(t, tr, row)
			t.Logf("| %s | %d | %d | %d | %d | %.2f |", row.name, got.threads, got.model, got.property, got.reports, got.seconds)
			want, ok := table[row.name]
			if !ok {
				t.Fatalf("docs/recording-java.md has no FIG. 18 row %q", row.name)
			}
			near := func(a, b int) bool { return a*5 >= b*4 && a*4 <= b*5 }
			if got.threads != want.threads || got.reports*2 < want.reports || got.reports > want.reports*2 {
				t.Errorf("%d threads, %d reports; the table says %d and %d", got.threads, got.reports, want.threads, want.reports)
			}
			if !near(got.model, want.model) || !near(got.property, want.property) {
				t.Errorf("%d model events, %d property events; the table says %d and %d", got.model, got.property, want.model, want.property)
			}
		})
	}
}

// fig18Measure predicts row.props on the trace and checks its violations'
// locations.
func fig18Measure(t *testing.T, tracePath string, row fig18Row) fig18Measured {
	t.Helper()
	stdout, stderr, code := runCLI(t, "trace", "check", "--format", "json", tracePath)
	if code != exitOK {
		t.Fatalf("trace check: exit %d\n%s", code, stderr)
	}
	var check struct {
		Threads int            `json:"threads"`
		Events  int            `json:"events"`
		PerKind map[string]int `json:"perKind"`
	}
	if err := json.Unmarshal([]byte(stdout), &check); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"predict", "--props", row.props, "--format", "json", "--quiet"}, row.predict...)
	stdout, stderr, code = runCLI(t, append(args, tracePath)...)
	if code != exitViolation {
		t.Fatalf("predict --props %s: exit %d, want 1 (violations)\n%s", row.props, code, stderr)
	}
	var doc struct {
		Stats struct {
			PropertyEvents int     `json:"propertyEvents"`
			Seconds        float64 `json:"seconds"`
		} `json:"stats"`
		Violations []struct {
			Events []struct {
				Loc string `json:"loc"`
			} `json:"events"`
		} `json:"violations"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	locs := map[string]bool{}
	for _, v := range doc.Violations {
		for _, e := range v.Events {
			locs[e.Loc] = true
		}
	}
	for _, want := range row.locations {
		found := false
		for l := range locs {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("no violation at %s; at: %v", want, locs)
		}
	}
	invocations := check.PerKind["call"] + check.PerKind["enter"] + check.PerKind["exit"]
	return fig18Measured{threads: check.Threads, model: check.Events - invocations, property: doc.Stats.PropertyEvents,
		reports: len(doc.Violations), seconds: doc.Stats.Seconds}
}

// fig18Table reads the FIG. 18 table of docs/recording-java.md: the
// rows between its marker comments, "| row | … | threads | model events
// | property events | violations (reports) | … |".
func fig18Table(t *testing.T) map[string]fig18Measured {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "recording-java.md"))
	if err != nil {
		t.Fatal(err)
	}
	body, ok := strings.CutPrefix(string(src)[strings.Index(string(src), "<!-- fig18 -->"):], "<!-- fig18 -->")
	if !ok {
		t.Fatal("docs/recording-java.md: no <!-- fig18 --> table")
	}
	body, _, _ = strings.Cut(body, "<!-- /fig18 -->")
	row := regexp.MustCompile(`^\| (\w+) \|[^|]*\|[^|]*\| (\d+) \| ([\d,]+) \| ([\d,]+) \| [\d,]+ \((\d+)\) \|`)
	num := func(s string) int {
		n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	out := map[string]fig18Measured{}
	for _, line := range strings.Split(body, "\n") {
		if m := row.FindStringSubmatch(line); m != nil {
			out[m[1]] = fig18Measured{threads: num(m[2]), model: num(m[3]), property: num(m[4]), reports: num(m[5])}
		}
	}
	if len(out) != len(fig18Rows) {
		t.Fatalf("docs/recording-java.md: %d FIG. 18 rows, want %d", len(out), len(fig18Rows))
	}
	return out
}
