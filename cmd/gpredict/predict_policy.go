package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"gpredict/predict"
	"gpredict/predict/report"
	"gpredict/trace"
)

// What a team putting predict into CI needs besides the reports
// (docs/cli.md, predict): what fails a run (--fail-on), what it already
// accepted (--baseline, --suppress), and that an empty trace is an error
// (--allow-empty to accept one).

func addPolicyFlags(f *pflag.FlagSet) {
	choiceFlag(f, "fail-on", "both", report.FailOnValues,
		"what fails a run: both (violations exit 1, else unknown candidates 3), violations, unknowns or none")
	f.String("baseline", "", "an earlier --format json or sarif output: report only what it does not have")
	f.StringArray("suppress", nil, "leave out the reports of PROPERTY, or PROPERTY@LOCATION (FILE or FILE:LINE; * for every property); may be repeated")
	boolFlag(f, "allow-empty", "accept a trace with no events (else an error, exit 2)")
}

// runPolicy is what the policy flags say.
type runPolicy struct {
	failOn     report.FailOn
	baseline   *report.Baseline // nil: none
	suppress   []report.Suppression
	allowEmpty bool
}

// readPolicy reads the policy flags; a baseline that cannot be read and a
// malformed suppression are usage errors.
func readPolicy(v *config) (*runPolicy, error) {
	p := &runPolicy{allowEmpty: v.GetBool("allow-empty")}
	var err error
	if p.failOn, err = report.ParseFailOn(v.GetString("fail-on")); err != nil {
		return nil, usageError(err)
	}
	if file := v.GetString("baseline"); file != "" {
		if p.baseline, err = report.ReadBaseline(file); err != nil {
			return nil, usageError(fmt.Errorf("--baseline: %w", err))
		}
	}
	for _, s := range v.GetStringSlice("suppress") {
		sup, err := report.ParseSuppression(s)
		if err != nil {
			return nil, usageError(fmt.Errorf("--suppress: %w", err))
		}
		p.suppress = append(p.suppress, sup)
	}
	return p, nil
}

// checkEmpty refuses a trace with no events unless --allow-empty: an
// empty recording (a program that did not run, a wrong file) would
// otherwise pass as "no violation".
func (p *runPolicy) checkEmpty(tr *trace.Trace, args []string) error {
	if tr.NumEvents() > 0 || p.allowEmpty {
		return nil
	}
	return fmt.Errorf("%s: the trace has no events, so nothing can be predicted from it (an empty recording?); --allow-empty accepts it", strings.Join(args, " "))
}

// apply leaves out what the baseline has and the suppressions match, and
// sets what the writers need to count them and to state the exit status.
func (p *runPolicy) apply(res *predict.Result, o *report.Options) *predict.Result {
	kept, filtered := report.Filter(res, p.baseline, p.suppress, o.All)
	o.Filtered, o.FailOn = filtered, p.failOn
	return kept
}
