package report

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"gpredict/predict"
	"gpredict/trace"
)

// chromium finds Debian's chromium (scripts/setup.sh --dev installs it).
// The test is skipped only when there is none; under CI, where setup.sh
// must have installed it, its absence fails the test instead.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("chromium is not installed; scripts/setup.sh --dev installs it (apt-get install chromium)")
	}
	t.Skip("chromium is not installed (scripts/setup.sh --dev installs it): the HTML report is not checked in a browser")
	return ""
}

// TestHTMLInBrowser loads the HTML report of a real recording
// (testdata/traces/std/Account.std, whose witnesses have hundreds of
// steps) in headless Chromium and checks what a person sees: one section
// per report, a lane per thread, the chosen events marked, long
// stretches folded with their per-thread summaries showing and their
// steps hidden until a click expands them, and a click on a step showing
// its event and location. The page must ask for nothing over the
// network. With -update it also rewrites the screenshots of
// docs/output.md.
func TestHTMLInBrowser(t *testing.T) {
	exe := chromium(t)
	tr, err := trace.Read([]string{filepath.Join("..", "..", "testdata", "traces", "std", "Account.std")}, "")
	if err != nil {
		t.Fatal(err)
	}
	res := run(t, tr, false, predict.NewZ3Decider, property(t, tr, "ReadWrite"))
	reps := res.Reports(false)
	if len(reps) == 0 {
		t.Fatal("no report to show")
	}
	var page bytes.Buffer
	if err := WriteHTML(&page, res, Options{Version: "test", Traces: []string{"Account.std"}}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1400, 900))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(actx)
	defer cancelCtx()

	// The first Run starts the browser, without a time limit (a limit on
	// it would stop the browser); the steps then run under one.
	var mu sync.Mutex
	var requests []string
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("section.report"))); err != nil {
		t.Fatal(err)
	}
	eval := func(expr string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return n
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return s
	}
	screenshot := func() []byte {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		return png
	}
	click := func(sel string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatalf("click %s: %v", sel, err)
		}
	}
	// visibleSteps counts the steps of the first report's first fold
	// that are laid out (a closed <details> lays out only its summary).
	const visibleSteps = `[...document.querySelector("section.report details.fold").querySelectorAll(".step")].filter(e => e.checkVisibility()).length`
	sections := eval(`document.querySelectorAll("section.report").length`)
	lanes := eval(`document.querySelector("section.report .lanes").children.length`)
	chosen := eval(`document.querySelector("section.report").querySelectorAll(".step.chosen").length`)
	summaries := text("section.report details.fold summary")
	before := eval(visibleSteps)
	shot := screenshot()
	click("section.report details.fold > summary")
	after := eval(visibleSteps)
	click("section.report .step.chosen")
	event, loc, place := text("#detail .d-event"), text("#detail .d-loc"), text("#detail .d-pos")
	shotOpen := screenshot()
	first := reps[0]
	if sections != len(reps) {
		t.Errorf("%d report sections, want %d", sections, len(reps))
	}
	if len(first.Choice) != chosen {
		t.Errorf("%d chosen steps marked in the first report, want %d", chosen, len(first.Choice))
	}
	if lanes < 2 {
		t.Errorf("%d lanes in the first witness, want one per thread it runs (2 or more)", lanes)
	}
	if !strings.Contains(summaries, "steps folded") || !strings.Contains(summaries, "steps (T0#1 to T0#") {
		t.Errorf("the first fold shows %q, want its size and a summary per thread", summaries)
	}
	if before != 0 || after == 0 || after > foldSteps {
		t.Errorf("steps of the first fold laid out: %d before the click, %d after; want none, then some (at most %d)", before, after, foldSteps)
	}
	if !strings.HasPrefix(place, "step ") {
		t.Errorf("the panel says the place is %q, want \"step N of M\"", place)
	}
	if !isChosen(tr, first, event, loc) {
		t.Errorf("the panel shows event %q at %q, want the text and location of a chosen event", event, loc)
	}
	mu.Lock()
	for _, u := range requests {
		if !strings.HasPrefix(u, "file://") {
			t.Errorf("the page asked for %s: it must be self-contained", u)
		}
	}
	mu.Unlock()
	if *update {
		for name, png := range map[string][]byte{"html-report.png": shot, "html-report-open.png": shotOpen} {
			if err := os.WriteFile(filepath.Join("..", "..", "docs", "img", name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// isChosen reports whether text and loc are the event text and location
// of one of rep's chosen events (the panel shows the first chosen step
// drawn).
func isChosen(tr *trace.Trace, rep predict.Report, text, loc string) bool {
	for _, c := range rep.Choice {
		l := predict.EventLoc(tr, c)
		if l == "" {
			l = "(none)"
		}
		if tr.EventText(c) == text && l == loc {
			return true
		}
	}
	return false
}
