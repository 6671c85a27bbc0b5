package spec

import (
	"fmt"
	"testing"

	"gpredict/trace"
)

// benchTrace generates n events over 8 threads: collection calls,
// enter/exit pairs, field reads and writes over 1,000 objects, and locks.
func benchTrace(b *testing.B, n int) *trace.Trace {
	x := newTraceBuilder(b)
	for i := 0; x.line < n; i++ {
		th := fmt.Sprintf("T%d", i%8)
		obj := fmt.Sprintf("o%d", i%1000)
		switch i % 6 {
		case 0:
			x.call(th, "boolean ArrayList.add(Object)", withTarget("c"+obj), withArgs(obj))
		case 1:
			x.call(th, "Iterator ArrayList.iterator()", withTarget("c"+obj), withResult("i"+obj))
		case 2:
			x.call(th, "Object Iterator.next()", withTarget("i"+obj), withResult(obj))
		case 3:
			x.read(th, obj+".f", "null")
		case 4:
			x.write(th, obj+".f", fmt.Sprint(i))
		case 5:
			x.ev(th, trace.OpAcquire, "L", "")
			x.enter(th, "void Worker.run()", withTarget(obj))
			x.exit(th, "void Worker.run()")
			x.ev(th, trace.OpRelease, "L", "")
		}
	}
	return x.finish()
}

func BenchmarkMatch100K(b *testing.B) {
	tr := benchTrace(b, 100_000)
	props := []*Property{
		unsafeIterator(),
		mProperty("NullPointerException", []string{"Object o"},
			mDecl("deRef", Before, []string{"Object o"}, "", mAnd(mGet("", "", "f"), mTarget("o"))),
			mDecl("setNull", Before, []string{"Object o", "Object value"}, "",
				mAnd(mSet("*", "", "f"), mTarget("o"), mArgs("value"), mIf(xBin("==", xName("value"), xNull()))))),
		mProperty("Atomicity", []string{"Object o"},
			mDecl("begin", Before, nil, "", mExec(mSig("", "", "run"))),
			mDecl("end", After, nil, "", mExec(mSig("", "", "run"))),
			mDecl("lock", Before, []string{"Object o"}, "", mAnd(mLock(), mArgs("o")))),
	}
	var matchers []*Matcher
	for _, p := range props {
		m, err := NewMatcher(p)
		if err != nil {
			b.Fatal(err)
		}
		matchers = append(matchers, m)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, m := range matchers {
			m.Match(tr)
		}
	}
	b.ReportMetric(float64(tr.NumEvents()), "events")
}
