package spec

import "testing"

// TestInternObjectsLeavesMatchingReadOnly: after InternObjects, matching
// adds nothing to the trace's symbol table (predict.Run matches a
// property beside workers that read it). It fails when InternObjects
// leaves out the object of a field that is read, or of one that is
// written.
func TestInternObjectsLeavesMatchingReadOnly(t *testing.T) {
	f, diags := Load("fields.gp", []byte(`F(Object o) {
  event r before(Object o) : get(* *) && target(o);
  event w before(Object o) : set(* *) && target(o);
  pattern: r(t1) || w(t2)
}`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	x := newTraceBuilder(t)
	x.read("T1", "o1.f", "1")
	x.write("T2", "o2.g", "2")
	x.read("T2", "static", "0")
	tr := x.finish()
	before := tr.Syms.Len()
	InternObjects(tr)
	if tr.Syms.Len() != before+2 {
		t.Fatalf("InternObjects added %d symbols, want the objects o1 and o2", tr.Syms.Len()-before)
	}
	interned := tr.Syms.Len()
	evs, err := Match(f.Properties[0], tr)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Syms.Len() != interned {
		t.Errorf("matching added %d symbols after InternObjects", tr.Syms.Len()-interned)
	}
	if len(evs[0]) != 1 || len(evs[1]) != 1 {
		t.Errorf("matched %d reads and %d writes of fields, want 1 and 1", len(evs[0]), len(evs[1]))
	}
}
