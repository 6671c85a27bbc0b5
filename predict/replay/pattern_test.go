package replay

import (
	"errors"
	"strings"
	"testing"

	"gpredict/spec"
)

// Pattern trees built by hand (the parser is not needed to test 3.3).
func ev(occ int) *spec.PatNode { return &spec.PatNode{Kind: spec.PatEvent, Occ: occ} }
func node(k spec.PatKind, kids ...*spec.PatNode) *spec.PatNode {
	return &spec.PatNode{Kind: k, Kids: kids}
}

// occ declares occurrence i as event name of declaration decl on meta-thread th.
func occ(name string, decl int, th string) spec.Occurrence {
	return spec.Occurrence{Event: name, Decl: decl, Thread: th}
}

var patTrace = []string{
	"T1 write x 1", "T1 read y 0", "T1 acquire l", "T1 wait l", "T1 release l",
	"T2 write y 1", "T2 read x 1", "T2 notify l",
}

func TestCheckPattern(t *testing.T) {
	a, b, c := occ("a", 0, ""), occ("b", 1, ""), occ("c", 2, "")
	tests := []struct {
		name   string
		root   *spec.PatNode
		occs   []spec.Occurrence
		choice string
		sched  string
		msg    string // "" = holds
	}{
		{"atom", ev(0), []spec.Occurrence{a}, "T1#1", "T1#1", ""},
		{"atom not in schedule", ev(0), []spec.Occurrence{a}, "T2#1", "T1#1", "chosen event a T2#1 is not in the schedule"},
		{"seq holds", node(spec.PatSeq, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T2#1", "T1#1 T2#1", ""},
		{"seq reversed", node(spec.PatSeq, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T2#1", "T2#1 T1#1", "a T1#1 must come before b T2#1 (sequence)"},
		{"par adjacent", node(spec.PatPar, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T2#2", "T2#1 T1#1 T2#2", ""},
		{"par either order", node(spec.PatPar, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T2#1", "T2#1 T1#1", ""},
		{"par gap", node(spec.PatPar, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T2#2", "T1#1 T2#1 T2#2", "contiguous block"},
		{"par gap of same thread", node(spec.PatPar, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T1#3", "T1#1 T1#2 T1#3", "contiguous block"},
		{"par same event twice", node(spec.PatPar, ev(0), ev(1)), []spec.Occurrence{a, b}, "T1#1 T1#1", "T1#1", ""},
		{"par inside seq", node(spec.PatSeq, ev(2), node(spec.PatPar, ev(0), ev(1))), []spec.Occurrence{a, b, c}, "T1#2 T2#1 T1#1", "T1#1 T1#2 T2#1", ""},
		{"par inside seq order", node(spec.PatSeq, ev(2), node(spec.PatPar, ev(0), ev(1))), []spec.Occurrence{a, b, c}, "T1#2 T2#1 T2#2", "T1#1 T1#2 T2#1 T2#2", "c T2#2 must come before a T1#2"},
		{"and", node(spec.PatAnd, node(spec.PatSeq, ev(0), ev(1)), node(spec.PatSeq, ev(2), ev(1))), []spec.Occurrence{a, b, c},
			"T1#1 T2#2 T2#1", "T1#1 T2#1 T2#2", ""},
		{"and one fails", node(spec.PatAnd, node(spec.PatSeq, ev(0), ev(1)), node(spec.PatSeq, ev(2), ev(1))), []spec.Occurrence{a, b, c},
			"T1#1 T2#1 T2#2", "T1#1 T2#1 T2#2", "c T2#2 must come before b T2#1"},
		{"not holds", node(spec.PatSeq, ev(0), node(spec.PatNot, node(spec.PatSeq, ev(1), ev(2)))), []spec.Occurrence{a, b, c},
			"T1#1 T1#2 T2#1", "T1#1 T2#1 T1#2", ""},
		{"not fails", node(spec.PatNot, node(spec.PatSeq, ev(0), ev(1))), []spec.Occurrence{a, b},
			"T1#1 T2#1", "T1#1 T2#1", "the negated part holds for a T1#1, b T2#1 (!)"},
		{"not needs events in schedule", node(spec.PatNot, node(spec.PatSeq, ev(0), ev(1))), []spec.Occurrence{a, b},
			"T1#1 T2#1", "T2#1", "a T1#1 is not in the schedule"},
		{"or under not: neither branch", node(spec.PatNot, node(spec.PatOr, node(spec.PatSeq, ev(0), ev(1)), node(spec.PatSeq, ev(2), ev(1)))),
			[]spec.Occurrence{a, b, c}, "T1#1 T2#1 T1#2", "T2#1 T1#1 T1#2", ""},
		{"or under not: one branch", node(spec.PatNot, node(spec.PatOr, node(spec.PatSeq, ev(0), ev(1)), node(spec.PatSeq, ev(2), ev(1)))),
			[]spec.Occurrence{a, b, c}, "T1#1 T2#1 T1#2", "T1#1 T2#1 T1#2", "negated part holds for a T1#1, b T2#1, c T1#2 (!)"},
		{"wait position is its release", node(spec.PatSeq, ev(0), ev(1)), []spec.Occurrence{a, b},
			"T1#4 T2#3", "T1#1 T1#2 T1#3 T1#4.release T2#1 T2#2 T2#3 T1#4.wake", ""},
		{"wait position not its wake", node(spec.PatSeq, ev(1), ev(0)), []spec.Occurrence{a, b},
			"T1#4 T2#3", "T1#1 T1#2 T1#3 T1#4.release T2#1 T2#2 T2#3 T1#4.wake", "must come before"},
		{"meta-thread same", node(spec.PatSeq, ev(0), ev(1)), []spec.Occurrence{occ("a", 0, "t1"), occ("b", 1, "t1")},
			"T1#1 T2#1", "T1#1 T2#1", "meta-thread t1 is both T1 and T2"},
		{"meta-thread different", node(spec.PatSeq, ev(0), ev(1)), []spec.Occurrence{occ("a", 0, "t1"), occ("b", 1, "t2")},
			"T1#1 T1#2", "T1#1 T1#2", "meta-threads t1 and t2 are both thread T1"},
		{"distinct property events", node(spec.PatPar, ev(0), ev(1)), []spec.Occurrence{a, occ("a", 0, "")},
			"T1#1 T1#1", "T1#1", "choose the same property event T1#1"},
		{"region pair in one thread", node(spec.PatSeq, ev(0), ev(1)),
			[]spec.Occurrence{{Event: "b", Decl: 0, Region: "r"}, {Event: "e", Decl: 1, Region: "r", RegionEnd: true}},
			"T1#1 T2#1", "T1#1 T2#1", "region r: T1#1 and T2#1 are not a begin/end pair"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := buildTrace(t, patTrace...)
			var choice = refs(t, tr, tc.choice)
			alt := &spec.Alternative{Root: tc.root, Occs: tc.occs}
			err := CheckPattern(tr, alt, choice, steps(t, tr, tc.sched))
			if tc.msg == "" {
				if err != nil {
					t.Fatalf("want match, got %v", err)
				}
				return
			}
			var re *RuleError
			if !errors.As(err, &re) || !strings.Contains(re.Diag.Msg, tc.msg) {
				t.Fatalf("got %v, want error containing %q", err, tc.msg)
			}
		})
	}
}
