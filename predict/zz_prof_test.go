package predict

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"gpredict/spec"
	"gpredict/trace"
)

func TestProfRun(t *testing.T) {
	path := os.Getenv("PROF_TRACE")
	if path == "" {
		t.Skip()
	}
	tr, err := trace.Read([]string{path}, "")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile("../props/catalog/DataRace.gp")
	f, _ := spec.Load("DataRace.gp", src)
	p := f.Properties[0]
	events, _ := spec.Match(p, tr)
	start := time.Now()
	res, err := Run(context.Background(), tr, []PropertyInput{{Prop: p, Events: events}}, Options{Jobs: 1, Timeout: 10 * time.Second, All: os.Getenv("PROF_ALL") != ""})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(time.Since(start), "cands", res.Stats.Candidates, "pref", res.Stats.Prefiltered, "dec", res.Stats.SolverCalls, "viol", len(res.Violations), "unk", len(res.Unknown))
	for _, s := range res.Stats.Stages {
		fmt.Printf("  %-17s tried %5d found %5d refuted %5d unknown %3d %8.3fs\n", s.Name, s.Tried, s.Found, s.Refuted, s.Unknown, s.Time.Seconds())
	}
}
