package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// Baseline is the set of report fingerprints (predict.Fingerprint) of an
// earlier run, read from its JSON document (violations[].fingerprint) or
// its SARIF log (results[].partialFingerprints[FingerprintKey]).
type Baseline struct {
	File string
	fps  map[string]bool
}

// Has reports whether the baseline has a report with fingerprint fp.
func (b *Baseline) Has(fp string) bool { return b.fps[fp] }

// Len is the number of reports of the baseline (distinct fingerprints).
func (b *Baseline) Len() int { return len(b.fps) }

// baselineDoc is what ReadBaseline reads of either document.
type baselineDoc struct {
	Violations *[]struct {
		Fingerprint string `json:"fingerprint"`
	} `json:"violations"`
	Runs *[]struct {
		Results []struct {
			PartialFingerprints map[string]string `json:"partialFingerprints"`
		} `json:"results"`
	} `json:"runs"`
}

// ReadBaseline reads the baseline in file: an earlier output of `gpredict
// predict --format json` or `--format sarif`. Errors name the file (and,
// for malformed JSON, the line and column).
func ReadBaseline(file string) (*Baseline, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc baselineDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			line, col := lineCol(data, syn.Offset-1) // Offset is just past the bad byte
			return nil, fmt.Errorf("%s:%d:%d: not a JSON document: %v", file, line, col, err)
		}
		return nil, fmt.Errorf("%s: %v; want the JSON or SARIF output of gpredict predict", file, err)
	}
	b := &Baseline{File: file, fps: map[string]bool{}}
	add := func(fp string, what string) error {
		if fp == "" {
			return fmt.Errorf("%s: %s has no fingerprint (written by an older gpredict?); run gpredict predict again to make the baseline", file, what)
		}
		b.fps[fp] = true
		return nil
	}
	switch {
	case doc.Violations != nil:
		for i, v := range *doc.Violations {
			if err := add(v.Fingerprint, fmt.Sprintf("violation %d", i+1)); err != nil {
				return nil, err
			}
		}
	case doc.Runs != nil:
		for _, run := range *doc.Runs {
			for i, r := range run.Results {
				if err := add(r.PartialFingerprints[FingerprintKey], fmt.Sprintf("result %d", i+1)); err != nil {
					return nil, err
				}
			}
		}
	default:
		return nil, fmt.Errorf("%s: neither a JSON report (no \"violations\") nor a SARIF log (no \"runs\"); want the output of gpredict predict --format json or sarif", file)
	}
	return b, nil
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	return line, int(off) - bytes.LastIndexByte(before, '\n')
}
