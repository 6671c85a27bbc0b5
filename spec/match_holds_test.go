package spec

import (
	"testing"

	"gpredict/trace"
)

func mHolds(n string) Pointcut { return &PcHolds{Name: n} }

// lockTrace has a plain hold of L, a re-entrant hold of M, calls inside
// and outside them, and a second thread that holds nothing.
func lockTrace(x *traceBuilder) {
	x.ev("T1", trace.OpAcquire, "L", "")        // T1#1
	x.call("T1", "void A.f()", withTarget("L")) // T1#2 holds L
	x.ev("T1", trace.OpRelease, "L", "")        // T1#3
	x.call("T1", "void A.f()", withTarget("L")) // T1#4 holds nothing
	x.ev("T1", trace.OpAcquire, "M", "")        // T1#5
	x.ev("T1", trace.OpAcquire, "M", "")        // T1#6 re-entrant
	x.ev("T1", trace.OpRelease, "M", "")        // T1#7 M still held
	x.call("T1", "void A.f()", withTarget("M")) // T1#8 holds M
	x.ev("T1", trace.OpRelease, "M", "")        // T1#9
	x.call("T1", "void A.f()", withTarget("M")) // T1#10 holds nothing
	x.call("T2", "void A.f()", withTarget("L")) // T2#1 T1's locks are not T2's
	x.ev("T2", trace.OpAcquire, "L", "")        // T2#2
	x.call("T2", "void A.f()", withTarget("L")) // T2#3 holds L
	x.ev("T2", trace.OpRelease, "L", "")        // T2#4
}

func TestMatchHolds(t *testing.T) {
	f := func() Pointcut { return mCall(mSig("void", "A", "f")) }
	runMatchCases(t, []matchCase{
		{
			name:  "holds and !holds test a bound lock; re-entrant holds count once released fully",
			trace: lockTrace,
			prop: mProperty("P", []string{"Object o"},
				mDecl("in", Before, []string{"Object o"}, "", mAnd(f(), mTarget("o"), mHolds("o"))),
				mDecl("out", Before, []string{"Object o"}, "", mAnd(mNot(mHolds("o")), f(), mTarget("o")))),
			want: []string{
				"in T1#2 o=L", "in T1#8 o=M", "in T2#3 o=L",
				"out T1#4 o=L", "out T1#10 o=M", "out T2#1 o=L",
			},
		},
		{
			name:  "at a lock event before advice sees the state before it, after advice the state after",
			trace: lockTrace,
			prop: mProperty("P", []string{"Object l"},
				mDecl("acqBefore", Before, []string{"Object l"}, "", mAnd(mLock(), mArgs("l"), mHolds("l"))),
				mDecl("acqAfter", After, []string{"Object l"}, "", mAnd(mLock(), mArgs("l"), mHolds("l"))),
				mDecl("relBefore", Before, []string{"Object l"}, "", mAnd(mUnlock(), mArgs("l"), mHolds("l"))),
				mDecl("relAfter", After, []string{"Object l"}, "", mAnd(mUnlock(), mArgs("l"), mHolds("l")))),
			want: []string{
				"acqBefore T1#6 l=M",
				"acqAfter T1#1 l=L", "acqAfter T1#5 l=M", "acqAfter T1#6 l=M", "acqAfter T2#2 l=L",
				"relBefore T1#3 l=L", "relBefore T1#7 l=M", "relBefore T1#9 l=M", "relBefore T2#4 l=L",
				"relAfter T1#7 l=M",
			},
		},
		{
			name: "an unbound parameter is bound to each lock held, in the order taken; !holds of it means no lock at all",
			trace: func(x *traceBuilder) {
				x.write("T1", "x", "0")
				x.ev("T1", trace.OpAcquire, "B", "")
				x.ev("T1", trace.OpAcquire, "A", "")
				x.write("T1", "x", "1")
				x.ev("T1", trace.OpRelease, "B", "")
				x.write("T1", "x", "2")
				x.ev("T1", trace.OpAcquire, "B", "")
				x.write("T1", "x", "3")
			},
			prop: mProperty("P", []string{"Object l"},
				mDecl("w", Before, []string{"Object l"}, "", mAnd(mSet("", "", "x"), mHolds("l"))),
				mDecl("free", Before, []string{"Object l"}, "", mAnd(mSet("", "", "x"), mNot(mHolds("l"))))),
			want: []string{
				"w T1#4 l=B", "w T1#4 l=A", "w T1#6 l=A", "w T1#8 l=A", "w T1#8 l=B",
				"free T1#1",
			},
		},
		{
			name: "a wait gives its lock back before the thread's next event",
			trace: func(x *traceBuilder) {
				x.ev("T1", trace.OpAcquire, "o", "")
				x.enter("T1", "void Object.wait()", withTarget("o"))
				x.ev("T1", trace.OpWait, "o", "o")
				x.exit("T1", "void Object.wait()")
				x.ev("T1", trace.OpRelease, "o", "")
				x.call("T2", "void Object.notify()", withTarget("o"))
				x.ev("T2", trace.OpNotify, "o", "")
			},
			prop: mProperty("P", []string{"Object o"},
				mDecl("owned", Before, []string{"Object o"}, "", mAnd(mCall(mSig("", "Object", "*")), mTarget("o"), mHolds("o"))),
				mDecl("afterWait", After, []string{"Object o"}, "", mAnd(mCall(mSig("", "Object", "wait")), mTarget("o"), mHolds("o"))),
				mDecl("unowned", Before, []string{"Object o"}, "", mAnd(mCall(mSig("", "Object", "*")), mTarget("o"), mNot(mHolds("o"))))),
			want: []string{"owned T1#2 o=o", "afterWait T1#4 o=o", "unowned T2#1 o=o"},
		},
		{
			name:  "holds of a property parameter the event does not bind is residual",
			trace: lockTrace,
			prop: mProperty("P", []string{"Object o", "Object m"},
				mDecl("e", Before, []string{"Object o"}, "", mAnd(f(), mTarget("o"), mNot(mHolds("m"))))),
			// At T1#4, T1#10 and T2#1 nothing is held: !holds(m) is true for
			// every binding, so they are not residual.
			want: []string{"e T1#2 o=L if", "e T1#4 o=L", "e T1#8 o=M if", "e T1#10 o=M", "e T2#1 o=L", "e T2#3 o=L if"},
		},
	})
}

// TestHoldsResidual decides the residual holds(m) of the last case above
// per binding: the lock held at the event is compared with m's value.
func TestHoldsResidual(t *testing.T) {
	x := newTraceBuilder(t)
	lockTrace(x)
	tr := x.finish()
	sym := func(s string) trace.Sym {
		id, ok := tr.Syms.Lookup(s)
		if !ok {
			t.Fatalf("%q not interned", s)
		}
		return id
	}
	L, M := sym("L"), sym("M")
	for _, neg := range []bool{false, true} {
		pc := mHolds("m")
		if neg {
			pc = mNot(pc)
		}
		p := mProperty("P", []string{"Object o", "Object m"},
			mDecl("e", Before, []string{"Object o"}, "", mAnd(mCall(mSig("void", "A", "f")), mTarget("o"), pc)))
		evs, err := Match(p, tr)
		if err != nil {
			t.Fatal(err)
		}
		byID := map[string]PropEvent{}
		for _, e := range evs[0] {
			byID[tr.ID(e.Ref)] = e
		}
		for _, c := range []struct {
			id   string
			o, m trace.Sym
			held bool // the event's thread holds m's value there
		}{
			{"T1#2", L, L, true}, {"T1#2", L, M, false},
			{"T1#8", M, M, true}, {"T1#8", M, L, false},
			{"T2#3", L, L, true}, {"T2#3", L, M, false},
			{"T1#4", L, L, false}, {"T2#1", L, L, false},
		} {
			e, matched := byID[c.id]
			got := matched && e.Compatible([]trace.Sym{c.o, c.m})
			if want := c.held != neg; got != want {
				t.Errorf("negated=%v: %s with m=%s: compatible %v, want %v", neg, c.id, tr.Str(c.m), got, want)
			}
		}
	}
}
