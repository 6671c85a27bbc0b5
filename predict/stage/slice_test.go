package stage

import (
	"slices"
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/spec"
	"gpredict/trace"
)

// TestSliceCutToReach: the race on q closes over T2's read of x=1, whose
// value T3 writes too, so the closed slice takes T3 and, through T3's
// read of r=1, all of T1. With T1 stopped at its chosen write, r=1 is
// never written, so T3 takes its read and no more: the slice the stages
// get is cut to that.
func TestSliceCutToReach(t *testing.T) {
	tr := testtrace.Text(t, `
T1 write x 1
T1 write q 1
T1 write r 1
T2 read x 1
T2 read q 0
T3 read r 1
T3 write x 1`)
	choice := testtrace.Refs(t, tr, "T1#2 T2#2")
	race := &spec.Alternative{Root: &spec.PatNode{Kind: spec.PatPar, Kids: []*spec.PatNode{
		{Kind: spec.PatEvent, Occ: 0}, {Kind: spec.PatEvent, Occ: 1}}}}
	f := NewFacts(tr, trace.BranchesImplicit)
	c := encode.Candidate{Alt: race, Choice: choice}
	closed, err := encode.SliceFor(f.Index, c, encode.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{3, 2, 2}; !slices.Equal(closed.Prefix, want) {
		t.Fatalf("closed slice %v, want %v: the case tests nothing", closed.Prefix, want)
	}
	sl, err := QueryFor(tr, c).Slice(f.Index)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{2, 2, 1}; !slices.Equal(sl.Prefix, want) {
		t.Errorf("the stages' slice is %v, want %v", sl.Prefix, want)
	}
}
