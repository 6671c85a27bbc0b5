package spec

import (
	"testing"

	"gpredict/trace"
)

// fig8 is the trace of FIG. 8 (examples/iterator.trace).
func fig8(x *traceBuilder) {
	x.call("T1", "boolean ArrayList.add(Object)", withTarget("c"), withArgs("A"), withLoc("Main.java:1"))
	x.ev("T1", trace.OpFork, "T2", "")
	x.call("T1", "Iterator ArrayList.iterator()", withTarget("c"), withResult("i1"))
	x.call("T1", "Object Iterator.next()", withTarget("i1"), withResult("A"))
	x.call("T2", "boolean ArrayList.add(Object)", withTarget("c"), withArgs("B"))
	x.call("T2", "Iterator ArrayList.iterator()", withTarget("c"), withResult("i2"))
	x.call("T2", "Object Iterator.next()", withTarget("i2"), withResult("A"))
}

// unsafeIterator is FIG. 10.
func unsafeIterator() *Property {
	return mProperty("UnsafeIterator", []string{"Collection c", "Iterator i"},
		mDecl("create", After, []string{"Collection c"}, "Iterator i",
			mAnd(mCall(mSig("Iterator", "Collection+", "iterator")), mTarget("c"))),
		mDecl("update", After, []string{"Collection c"}, "",
			mAnd(mOr(mCall(mSig("*", "Collection+", "remove*", "..")), mCall(mSig("*", "Collection+", "add*", ".."))), mTarget("c"))),
		mDecl("next", Before, []string{"Iterator i"}, "",
			mAnd(mCall(mSig("*", "Iterator", "next")), mTarget("i"))),
	)
}

// one is a property with a single declaration `e` and parameters ps.
func one(ps []string, adv Advice, advParams []string, returning string, pc Pointcut) *Property {
	return mProperty("P", ps, mDecl("e", adv, advParams, returning, pc))
}

// anyCall matches every invocation.
var anyCall = func() Pointcut { return mCall(mSig("", "", "*", "..")) }

func invocations(x *traceBuilder) {
	x.enter("T1", "void A.m()", withTarget("a"))
	x.call("T1", "int A.n(int,String)", withTarget("a"), withArgs("1", "s"), withResult("7"))
	x.exit("T1", "void A.m()", withResult("r"))
	x.call("T1", "A.m()")
	x.enter("T1", "atomic()")
	x.exit("T1", "atomic()")
}

func TestMatch(t *testing.T) {
	runMatchCases(t, []matchCase{
		{
			name:  "FIG. 10 on FIG. 8",
			trace: fig8,
			prop:  unsafeIterator(),
			want: []string{
				"create T1#3 c=c i=i1", "create T2#2 c=c i=i2",
				"update T1#1 c=c", "update T2#1 c=c",
				"next T1#4 i=i1", "next T2#3 i=i2",
			},
		},
		{
			name:  "before fires at call and enter",
			trace: invocations,
			prop:  one(nil, Before, nil, "", mExec(mSig("", "", "m"))),
			want:  []string{"e T1#1", "e T1#4"},
		},
		{
			name:  "after fires at call and exit",
			trace: invocations,
			prop:  one(nil, After, nil, "", mCall(mSig("", "", "m"))),
			want:  []string{"e T1#3", "e T1#4"},
		},
		{
			name:  "returning needs a result and binds it",
			trace: invocations,
			prop:  one([]string{"Object r"}, After, nil, "Object r", anyCall()),
			want:  []string{"e T1#2 r=7", "e T1#3 r=r"},
		},
		{
			name:  "exit takes target and args from its enter",
			trace: invocations,
			prop:  one([]string{"A t"}, After, []string{"A t"}, "", mAnd(mExec(mSig("void", "A", "m")), mTarget("t"))),
			want:  []string{"e T1#3 t=a"},
		},
		{
			name:  "missing return type in the trace fits only *",
			trace: invocations,
			prop:  one(nil, Before, nil, "", mCall(mSig("void", "", "m"))),
			want:  []string{"e T1#1"},
		},
		{
			name:  "missing declaring type fits * and no pattern only",
			trace: invocations,
			prop: mProperty("P", nil,
				mDecl("star", Before, nil, "", mCall(mSig("*", "*", "atomic"))),
				mDecl("none", Before, nil, "", mCall(mSig("", "", "atomic"))),
				mDecl("named", Before, nil, "", mCall(mSig("", "A", "atomic")))),
			want: []string{"star T1#5", "none T1#5"},
		},
		{
			name: "parameter patterns with .. and *",
			trace: func(x *traceBuilder) {
				x.call("T1", "void A.f()")
				x.call("T1", "void A.f(int)")
				x.call("T1", "void A.f(int,String)")
				x.call("T1", "void A.f(String,int,String)")
			},
			prop: mProperty("P", nil,
				mDecl("any", Before, nil, "", mCall(mSig("", "", "f", ".."))),
				mDecl("none", Before, nil, "", mCall(mSig("", "", "f"))),
				mDecl("one", Before, nil, "", mCall(mSig("", "", "f", "*"))),
				mDecl("intFirst", Before, nil, "", mCall(mSig("", "", "f", "int", ".."))),
				mDecl("strLast", Before, nil, "", mCall(mSig("", "", "f", "..", "String"))),
				mDecl("intInside", Before, nil, "", mCall(mSig("", "", "f", "..", "int", "..")))),
			want: []string{
				"any T1#1", "any T1#2", "any T1#3", "any T1#4",
				"none T1#1", "one T1#2",
				"intFirst T1#2", "intFirst T1#3",
				"strLast T1#3", "strLast T1#4",
				"intInside T1#2", "intInside T1#3", "intInside T1#4",
			},
		},
		{
			name: "T+ through built-in table and type directives",
			trace: func(x *traceBuilder) {
				x.b.Type("MyList", []string{"ArrayList"})
				x.b.Type("com.acme.Bag", []string{"java.util.Collection"})
				x.call("T1", "void MyList.add(Object)")
				x.call("T1", "void com.acme.Bag.add(Object)")
				x.call("T1", "void HashMap.put(Object,Object)")
				x.call("T1", "void Other.add(Object)")
				x.call("T1", "void java.util.LinkedList.addFirst(Object)")
			},
			prop: mProperty("P", nil,
				mDecl("coll", Before, nil, "", mCall(mSig("", "Collection+", "add*", ".."))),
				mDecl("exact", Before, nil, "", mCall(mSig("", "Collection", "add*", ".."))),
				mDecl("wild", Before, nil, "", mCall(mSig("", "*List+", "*", ".."))),
				mDecl("obj", Before, nil, "", mCall(mSig("", "Object+", "*", "..")))),
			want: []string{
				"coll T1#1", "coll T1#2", "coll T1#5",
				"wild T1#1", "wild T1#5",
				"obj T1#1", "obj T1#2", "obj T1#3", "obj T1#4", "obj T1#5",
			},
		},
		{
			name: "qualified and simple type names",
			trace: func(x *traceBuilder) {
				x.call("T1", "boolean List.add(Object)")
				x.call("T1", "boolean java.util.List.add(Object)")
				x.call("T1", "boolean com.acme.List.add(Object)")
				x.call("T1", "java.util.Iterator java.util.List.iterator()")
			},
			prop: mProperty("P", nil,
				mDecl("qual", Before, nil, "", mCall(mSig("", "java.util.List", "*", ".."))),
				mDecl("simple", Before, nil, "", mCall(mSig("", "List", "*", ".."))),
				mDecl("pkg", Before, nil, "", mCall(mSig("", "java..*", "*", ".."))),
				mDecl("ret", Before, nil, "", mCall(mSig("Iterator", "", "*", "..")))),
			want: []string{
				"qual T1#1", "qual T1#2", "qual T1#4",
				"simple T1#1", "simple T1#2", "simple T1#3", "simple T1#4",
				"pkg T1#1", "pkg T1#2", "pkg T1#4",
				"ret T1#4",
			},
		},
		{
			name: "name wildcards",
			trace: func(x *traceBuilder) {
				x.call("T1", "void HashMap.addAll(Map)")
				x.call("T1", "void HashMap.add()")
				x.call("T1", "void HashMap.readd()")
				x.call("T1", "void TreeMap.get(Object)")
			},
			prop: mProperty("P", nil,
				mDecl("prefix", Before, nil, "", mCall(mSig("", "*Map", "add*", ".."))),
				mDecl("inner", Before, nil, "", mCall(mSig("", "Hash*", "*dd*", "..")))),
			want: []string{"prefix T1#1", "prefix T1#2", "inner T1#1", "inner T1#2", "inner T1#3"},
		},
		{
			name: "get and set with field patterns, target, args and location",
			trace: func(x *traceBuilder) {
				x.object("o1", "Account")
				x.object("o2", "Other")
				x.read("T1", "o1.s", "0")
				x.write("T1", "o1.s", "5")
				x.read("T1", "s", "1")
				x.read("T1", "o1.t", "0")
				x.write("T1", "o2.s", "3")
				x.write("T1", "o3.s", "4")
				x.read("T1", "a.b.s", "0")
			},
			prop: mProperty("P", []string{"Object o", "Object v", "Object loc"},
				mDecl("read", Before, []string{"Object o", "Object loc"}, "", mAnd(mGet("*", "", "s"), mTarget("o"), mLocation("loc"))),
				mDecl("write", Before, []string{"Object o", "Object v"}, "", mAnd(mSet("", "Account", "s"), mTarget("o"), mArgs("v"))),
				mDecl("getAny", Before, nil, "", mGet("int", "", "*"))),
			want: []string{
				"read T1#1 o=o1 loc=o1.s", "read T1#7 o=a.b loc=a.b.s",
				"write T1#2 o=o1 v=5", "write T1#6 o=o3 v=4",
				"getAny T1#1", "getAny T1#3", "getAny T1#4", "getAny T1#7",
			},
		},
		{
			name: "get without target binds the static variable only through location",
			trace: func(x *traceBuilder) {
				x.read("T1", "s", "1")
			},
			prop: mProperty("P", []string{"Object o", "Object l"},
				mDecl("withTarget", Before, []string{"Object o"}, "", mAnd(mGet("*", "", "s"), mTarget("o"))),
				mDecl("withLoc", Before, []string{"Object l"}, "", mAnd(mGet("*", "", "s"), mLocation("l"), mArgs()))),
			want: []string{"withLoc T1#1 l=s"},
		},
		{
			name: "lock and unlock bind the lock through args",
			trace: func(x *traceBuilder) {
				x.ev("T1", trace.OpAcquire, "L", "")
				x.ev("T1", trace.OpAcquire, "M", "")
				x.ev("T1", trace.OpRelease, "M", "")
				x.ev("T1", trace.OpRelease, "L", "")
			},
			prop: mProperty("P", []string{"Object l"},
				mDecl("acq", Before, []string{"Object l"}, "", mAnd(mLock(), mArgs("l"))),
				mDecl("rel", After, []string{"Object l"}, "", mAnd(mUnlock(), mArgs("l"), mIf(xBin("==", xName("l"), xStr("L")))))),
			want: []string{"acq T1#1 l=L", "acq T1#2 l=M", "rel T1#4 l=L"},
		},
		{
			name: "volatile",
			trace: func(x *traceBuilder) {
				x.b.Volatile(x.sym("flag"))
				x.read("T1", "flag", "0")
				x.write("T1", "x", "1")
				x.write("T1", "flag", "1")
			},
			prop: one(nil, Before, nil, "", mVolatile()),
			want: []string{"e T1#1", "e T1#3"},
		},
		{
			name: "within by declaring type",
			trace: func(x *traceBuilder) {
				x.object("d", "Derby")
				x.object("q", "Queue")
				x.call("T1", "void Derby.run()")
				x.call("T1", "void Other.run()")
				x.read("T1", "d.f", "0")
				x.read("T1", "q.f", "0")
				x.read("T1", "u.f", "0")
				x.ev("T1", trace.OpAcquire, "L", "")
			},
			prop: mProperty("P", nil,
				mDecl("in", Before, nil, "", mWithin("Derby")),
				mDecl("notIn", Before, nil, "", mNot(mWithin("Derby")))),
			want: []string{"in T1#1", "in T1#3", "in T1#5", "notIn T1#2", "notIn T1#4", "notIn T1#6"},
		},
		{
			name:  "negation never matches events that are no join point",
			trace: fig8,
			prop:  one(nil, Before, nil, "", mNot(mCall(mSig("", "", "add", "..")))),
			want:  []string{"e T1#3", "e T1#4", "e T2#2", "e T2#3"},
		},
		{
			name:  "a name used twice must agree",
			trace: fig8,
			prop:  one([]string{"Object x"}, After, []string{"Object x"}, "Object x", mAnd(anyCall(), mTarget("x"))),
			want:  nil,
		},
		{
			name: "the same value twice agrees",
			trace: func(x *traceBuilder) {
				x.call("T1", "void A.f(A)", withTarget("a"), withArgs("a"))
				x.call("T1", "void A.f(A)", withTarget("a"), withArgs("b"))
			},
			prop: one([]string{"Object x"}, Before, []string{"Object x"}, "", mAnd(mTarget("x"), mArgs("x"))),
			want: []string{"e T1#1 x=a"},
		},
		{
			name: "|| gives one property event per distinct binding",
			trace: func(x *traceBuilder) {
				x.call("T1", "void A.f(A)", withTarget("a"), withArgs("a"))
				x.call("T1", "void A.f(A)", withTarget("a"), withArgs("b"))
			},
			prop: one([]string{"Object x"}, Before, []string{"Object x"}, "", mOr(mTarget("x"), mArgs("x"))),
			want: []string{"e T1#1 x=a", "e T1#2 x=a", "e T1#2 x=b"},
		},
		{
			name: "args: positions, *, .. and unrecorded arguments",
			trace: func(x *traceBuilder) {
				x.call("T1", "void M.remove(Object,Object)", withTarget("m"), withArgs("k", "v"))
				x.call("T1", "void M.remove(Object)", withTarget("m"), withArgs("k"))
				x.call("T1", "void M.remove(Object)", withTarget("m"))
				x.call("T1", "void M.clear()", withTarget("m"))
			},
			prop: mProperty("P", []string{"Map m", "Object key"},
				mDecl("first", Before, []string{"Map m", "Object key"}, "", mAnd(mTarget("m"), mArgs("key", ".."))),
				mDecl("last", Before, []string{"Object key"}, "", mArgs("..", "key")),
				mDecl("two", Before, nil, "", mArgs("*", "*")),
				mDecl("none", Before, nil, "", mAnd(anyCall(), mArgs())),
				mDecl("any", Before, nil, "", mAnd(anyCall(), mArgs("..")))),
			want: []string{
				"first T1#1 m=m key=k", "first T1#2 m=m key=k",
				"last T1#1 key=v", "last T1#2 key=k",
				"two T1#1",
				"none T1#4",
				"any T1#1", "any T1#2", "any T1#3", "any T1#4",
			},
		},
		{
			name: "declared runtime types filter typed advice parameters",
			trace: func(x *traceBuilder) {
				x.object("c1", "ArrayList")
				x.object("m1", "HashMap")
				x.call("T1", "int Object.hashCode()", withTarget("c1"))
				x.call("T1", "int Object.hashCode()", withTarget("m1"))
				x.call("T1", "int Object.hashCode()", withTarget("u"))
			},
			prop: mProperty("P", []string{"Collection c"},
				mDecl("typed", Before, []string{"Collection c"}, "", mTarget("c")),
				mDecl("typeName", Before, nil, "", mTarget("Map"))),
			want: []string{"typed T1#1 c=c1", "typed T1#3 c=u", "typeName T1#2", "typeName T1#3"},
		},
		{
			name:  "property parameter missing from the advice binds nothing",
			trace: fig8,
			prop: mProperty("P", []string{"Iterator i"},
				mDecl("next", Before, nil, "", mAnd(mCall(mSig("", "Iterator", "next")), mTarget("i")))),
			want: []string{"next T1#4", "next T2#3"},
		},
		{
			name: "binders run before tests whatever the written order",
			trace: func(x *traceBuilder) {
				x.write("T1", "o.f", "null")
				x.write("T1", "o.f", "x")
			},
			prop: one([]string{"Object o"}, Before, []string{"Object o", "Object v"}, "",
				mAnd(mIf(xBin("==", xName("v"), xNull())), mNot(mArgs("o")), mSet("*", "", "f"), mArgs("v"), mTarget("o"))),
			want: []string{"e T1#1 o=o"},
		},
		{
			name:  "if over an advice parameter the pointcut never binds fails",
			trace: fig8,
			prop:  one(nil, Before, []string{"Object v"}, "", mAnd(anyCall(), mIf(xBin("!=", xName("v"), xStr("x"))))),
			want:  nil,
		},
	})
}
