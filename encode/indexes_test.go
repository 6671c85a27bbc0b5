package encode_test

import (
	"testing"

	"gpredict/encode"
	"gpredict/internal/testtrace"
	"gpredict/trace"
)

// TestIndexesShare: a trace's index under a model is built once and
// shared; another model, another trace or no Indexes at all get their
// own.
func TestIndexesShare(t *testing.T) {
	tr := testtrace.Text(t, "T1 write x 1\nT2 read x 1")
	other := testtrace.Text(t, "T1 write x 1\nT2 read x 1")
	c := encode.NewIndexes(tr)
	a := c.Model(tr, trace.BranchesImplicit)
	if b := c.Model(tr, trace.BranchesImplicit); b != a {
		t.Error("the same trace and model gave two indexes")
	}
	if b := c.Model(tr, trace.BranchesExplicit); b == a {
		t.Error("another model gave the same index")
	}
	if b := c.Model(other, trace.BranchesImplicit); b == a || b.Trace != other {
		t.Error("another trace got the first trace's index")
	}
	var none *encode.Indexes
	if b := none.Model(tr, trace.BranchesImplicit); b == a || b.Trace != tr {
		t.Error("a nil Indexes did not build an index of its own")
	}
}
