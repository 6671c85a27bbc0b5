package spec

import (
	"slices"
	"testing"

	"gpredict/trace"
)

// The join-point-kind filter (kindsOf) must never drop a match: each
// pointcut is matched on a trace with every kind of join point twice,
// with the filter and with it disabled, and the property events must be
// the same. A kindsOf that forgets that a negation matches other kinds,
// or intersects an `||`, fails here.
func TestKindFilterKeepsEveryMatch(t *testing.T) {
	everyKind := func(x *traceBuilder) {
		x.call("T1", "boolean ArrayList.add(Object)", withTarget("c"), withArgs("A"))
		x.read("T1", "o.f", "1")
		x.write("T1", "o.f", "2")
		x.ev("T1", trace.OpAcquire, "l", "")
		x.read("T1", "x", "0")
		x.b.Volatile(x.sym("x"))
		x.ev("T1", trace.OpRelease, "l", "")
		x.enter("T1", "void A.m()", withTarget("a"))
		x.exit("T1", "void A.m()")
	}
	add := func() Pointcut { return mCall(mSig("*", "ArrayList", "add", "..")) }
	pointcuts := map[string]Pointcut{
		"call":              add(),
		"get":               mGet("*", "*", "*"),
		"set":               mSet("*", "*", "*"),
		"lock":              mLock(),
		"unlock":            mUnlock(),
		"not call":          mNot(add()),
		"not lock, target":  mAnd(mNot(mLock()), mTarget("c")),
		"call or get":       mOr(add(), mGet("*", "*", "*")),
		"get and not set":   mAnd(mGet("*", "*", "*"), mNot(mSet("*", "*", "*"))),
		"lock or not get":   mOr(mLock(), mNot(mGet("*", "*", "*"))),
		"call and lock":     mAnd(add(), mLock()),
		"within":            mWithin("*"),
		"volatile":          mVolatile(),
		"not volatile":      mNot(mVolatile()),
		"set or unlock":     mOr(mSet("*", "*", "*"), mUnlock()),
		"not (call or set)": mNot(mOr(add(), mSet("*", "*", "*"))),
	}
	for name, pc := range pointcuts {
		t.Run(name, func(t *testing.T) {
			x := newTraceBuilder(t)
			everyKind(x)
			tr := x.finish()
			prop := one(nil, Before, nil, "", pc)
			filtered, err := NewMatcher(prop)
			if err != nil {
				t.Fatal(err)
			}
			all, _ := NewMatcher(prop)
			all.kinds = anyKind
			for _, dm := range all.decls {
				dm.kinds = anyKind
			}
			got := renderPropEvents(prop, tr, filtered.Match(tr))
			want := renderPropEvents(prop, tr, all.Match(tr))
			if !slices.Equal(got, want) {
				t.Errorf("with the filter %v, without it %v", got, want)
			}
			if len(want) == 0 && name != "call and lock" {
				t.Errorf("the pointcut matches nothing: the case tests nothing")
			}
		})
	}
}
