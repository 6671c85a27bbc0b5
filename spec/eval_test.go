package spec

import (
	"slices"
	"testing"

	"gpredict/trace"
)

// TestIfConditions evaluates if(...) conditions on writes of the values
// null, SELECT * FROM t, 42, true and 042; each case lists the values for
// which the event matches.
func TestIfConditions(t *testing.T) {
	values := []string{"null", "SELECT * FROM t", "42", "true", "042"}
	v := xName("v")
	tests := []struct {
		name string
		x    Expr
		want []string
	}{
		{"== null", xBin("==", v, xNull()), []string{"null"}},
		{"!= null", xBin("!=", v, xNull()), []string{"SELECT * FROM t", "42", "true", "042"}},
		{"null on the left", xBin("==", xNull(), v), []string{"null"}},
		{"== string", xBin("==", v, xStr("SELECT * FROM t")), []string{"SELECT * FROM t"}},
		{"== number compares text", xBin("==", v, xNum("42")), []string{"42"}},
		{"== true", xBin("==", v, xBool("true")), []string{"true"}},
		{"name as condition", v, []string{"true"}},
		{"contains", xMethod(v, "contains", xStr("FROM")), []string{"SELECT * FROM t"}},
		{"startsWith", xMethod(v, "startsWith", xStr("0")), []string{"042"}},
		{"endsWith", xMethod(v, "endsWith", xStr("2")), []string{"42", "042"}},
		{"contains the empty string", xMethod(v, "contains", xStr("")), values},
		{"!", xNot(xBin("==", v, xNull())), []string{"SELECT * FROM t", "42", "true", "042"}},
		{"&&", xBin("&&", xBin("!=", v, xNull()), xMethod(v, "endsWith", xStr("2"))), []string{"42", "042"}},
		{"||", xBin("||", xBin("==", v, xNull()), xBin("==", v, xStr("true"))), []string{"null", "true"}},
		{"literal false", xBool("false"), nil},
		{"literal true", xBool("true"), values},
		{"string literal is no condition", xStr("yes"), nil},
		{"method result compared", xBin("==", xMethod(v, "contains", xStr("4")), xBool("true")), []string{"42", "042"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := newTraceBuilder(t)
			for _, val := range values {
				x.write("T1", "o.f", val)
			}
			tr := x.finish()
			p := one([]string{"Object v"}, Before, []string{"Object v"}, "", mAnd(mSet("", "", "f"), mArgs("v"), mIf(tt.x)))
			evs, err := Match(p, tr)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range evs[0] {
				got = append(got, tr.Str(e.Values[0]))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("matched %q, want %q", got, tt.want)
			}
		})
	}
}

// TestResidual checks FIG. 19: `update` binds sql only, and its condition
// on table is decided per binding.
func TestResidual(t *testing.T) {
	x := newTraceBuilder(t)
	x.call("T1", "void Db.createTable(Connection,String)", withArgs("conn1", "users"))
	x.call("T1", "boolean Statement.execute(String)", withArgs("INSERT INTO users"))
	x.call("T1", "boolean Statement.execute(String)", withArgs("DELETE FROM orders"))
	tr := x.finish()
	p := mProperty("UnsafeDatabaseAccess", []string{"Connection conn", "String table"},
		mDecl("create", Before, []string{"Connection conn", "String table"}, "",
			mAnd(mCall(mSig("*", "", "createTable", "Connection", "String")), mArgs("conn", "table"))),
		mDecl("update", Before, []string{"String table", "String sql"}, "",
			mAnd(mCall(mSig("boolean", "Statement", "execute", "String")), mArgs("sql"), mIf(xMethod(xName("sql"), "contains", xName("table"))))),
		mDecl("notUpdate", Before, []string{"String sql"}, "",
			mAnd(mCall(mSig("boolean", "Statement", "execute", "String")), mArgs("sql"), mNot(mIf(xMethod(xName("sql"), "contains", xName("table")))))),
	)
	evs, err := Match(p, tr)
	if err != nil {
		t.Fatal(err)
	}
	got := renderPropEvents(p, tr, evs)
	want := []string{"create T1#1 conn=conn1 table=users", "update T1#2 if", "update T1#3 if", "notUpdate T1#2 if", "notUpdate T1#3 if"}
	if !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	sym := func(s string) trace.Sym {
		id, ok := tr.Syms.Lookup(s)
		if !ok {
			t.Fatalf("%q not interned", s)
		}
		return id
	}
	users := []trace.Sym{sym("conn1"), sym("users")}
	for _, c := range []struct {
		decl, index int
		want        bool
	}{
		{1, 0, true}, {1, 1, false}, // update: INSERT INTO users / DELETE FROM orders
		{2, 0, false}, {2, 1, true}, // notUpdate is the negation
	} {
		e := evs[c.decl][c.index]
		if got := e.Compatible(users); got != c.want {
			t.Errorf("%s %s compatible with table=users: %v, want %v", p.Events[c.decl].Name, tr.ID(e.Ref), got, c.want)
		}
	}
}

// TestMatchErrors covers what the checker should have rejected.
func TestMatchErrors(t *testing.T) {
	tests := []struct {
		name string
		prop *Property
	}{
		{"unknown name in if", one(nil, Before, nil, "", mIf(xBin("==", xName("nope"), xNull())))},
		{"unknown method", one([]string{"String s"}, Before, []string{"String s"}, "", mIf(xMethod(xName("s"), "matches", xStr("x"))))},
		{"unknown operator", one([]string{"String s"}, Before, []string{"String s"}, "", mIf(xBin("<", xName("s"), xStr("x"))))},
		{"returning with before", one([]string{"Object r"}, Before, nil, "Object r", anyCall())},
		{"unknown designator", one(nil, Before, nil, "", &PcUnknown{Name: "cflow"})},
		{"missing pointcut", one(nil, Before, nil, "", nil)},
		{"holds of an unknown name", one(nil, Before, nil, "", mHolds("nope"))},
		{"holds without a name", one(nil, Before, nil, "", mHolds(""))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := NewMatcher(tt.prop); err == nil {
				t.Fatal("no error")
			} else {
				t.Log(err)
			}
		})
	}
}
