package predict_test

import (
	"math/rand"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	. "gpredict/predict"
	"gpredict/trace"
)

// selectTraces are small traces whose verdicts turn on rule 7's selects
// (docs/semantics.md): a race that needs a select to take another ready
// case than the recorded one (its receive from a, which completes T1's
// unbuffered send, instead of b), an order that a recorded default rules
// out (a send waits in a, so T2's select would not take its default),
// one that a full buffer allows (b's buffer of one holds T1's send when
// T2's select takes its default, and is empty before it), and a race
// that only a thread going on after another case would have.
var selectTraces = []struct{ name, text string }{
	{"other case", `
select s1 recv:a recv:b
T1 fork T2
T1 fork T3
T1 send a 1
T1 write x 1
T2 recv b 1 select=s1
T2 recv a 1
T3 write x 2
T3 send b 1
`},
	{"recorded default, unbuffered", `
select s2 recv:a default
T1 fork T2
T1 send a 1
T1 write x 1
T2 default s2
T2 write x 2
T2 recv a 1
`},
	{"recorded default, full buffer", `
chan b : 1
select s3 send:b default
T1 fork T2
T1 send b 1
T1 write y 1
T2 default s3
T2 write y 2
T2 recv b 1
`},
	{"default instead of a receive", `
select s4 recv:a default
T1 fork T2
T1 write x 1
T1 send a 1
T1 write x 3
T2 recv a 1 select=s4
T2 write x 2
`},
	{"nothing after another case", `
select s5 recv:a recv:b
T1 fork T2
T1 fork T3
T1 send a 1
T2 recv b 1 select=s5
T2 write z 1
T3 write z 2
T3 send b 1
`},
}

// TestSelectCasesMatchExplorer decides every candidate of every shape on
// selectTraces, under both branch models, with the ladder and with the
// explorer, and requires the same verdicts, valid witnesses, witnesses
// that take another case of a select, and candidates that only a
// recorded default's readiness rules out (each trace's verdicts are the
// explorer's, not written down). Breaking the rule on purpose in the
// encoding — no other case, a recorded default taken while a case is
// ready, a buffer always full, another case followed by its thread, a
// receive case that takes nothing — makes it fail.
func TestSelectCasesMatchExplorer(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	var mismatches, others, sats, unsats int
	for k, st := range selectTraces {
		tr := testtrace.Text(t, st.text)
		for _, model := range []trace.BranchModel{trace.BranchesImplicit, trace.BranchesExplicit} {
			d := NewTestLadder(tr, model, nil, false, 0)
			for s, sh := range shapes {
				for _, ch := range choices(r, tr, s, 1000) {
					c := encode.Candidate{Alt: sh.alt, Choice: ch}
					got := d.Decide(c)
					if !agreesWithExplorer(t, k, tr, model, st.name+": "+sh.name, c, got, &mismatches) {
						continue
					}
					switch got.Verdict {
					case Sat:
						sats++
						checkWitness(t, tr, model, c, got.Schedule)
						if tookOtherCase(got.Schedule) {
							others++
						}
					case Unsat:
						unsats++
					}
				}
			}
			d.Close()
		}
	}
	t.Logf("%d sat (%d taking another case of a select), %d unsat, %d mismatches", sats, others, unsats, mismatches)
	if others == 0 || unsats == 0 {
		t.Error("no witness takes another case, or no candidate is ruled out: the test checks too little")
	}
}
