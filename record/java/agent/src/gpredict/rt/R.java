package gpredict.rt;

/**
 * The entry points the instrumented code calls, one per kind of
 * instruction. Each takes the site number last; none throws (an internal
 * error stops the recording, never the program).
 *
 * <p>Reads are logged after they happen (the value is known), writes
 * before (so that a read logged after a write can have read it), an
 * acquire after the lock is held and a release before it is given back:
 * the order of the log is then a schedule the run could have had, which
 * predict uses as its first guess (docs/engine.md).
 */
public final class R {
    private R() {}

    /** The calling thread's recording, or null when nothing is to be logged. */
    static ThreadRec enter() {
        if (!Rec.on) {
            return null;
        }
        ThreadRec t = Threads.cur();
        if (t.busy) {
            return null;
        }
        t.busy = true;
        return t;
    }

    static void leave(ThreadRec t) {
        t.busy = false;
    }

    /**
     * Turns the calling thread's events off (on) and returns whether they
     * were off: the agent's transformer runs on the program's threads.
     */
    public static boolean quiet(boolean off) {
        if (!Rec.on) {
            return false;
        }
        ThreadRec t = Threads.cur();
        boolean was = t.busy;
        t.busy = off;
        return was;
    }

    // ---- fields, statics, array elements: the value is rendered here
    // (no allocation of an object), the event logged by access().

    private static final int FIELD = 0, STATIC = 1, ELEM = 2;

    // instance fields: (object, value, site), after a read, before a write
    public static void rdI(Object o, int v, int site) { if (Rec.on) access(FIELD, false, o, 0, prim(site, v), null, site); }
    public static void rdJ(Object o, long v, int site) { if (Rec.on) access(FIELD, false, o, 0, Long.toString(v), null, site); }
    public static void rdF(Object o, float v, int site) { if (Rec.on) access(FIELD, false, o, 0, Float.toString(v), null, site); }
    public static void rdD(Object o, double v, int site) { if (Rec.on) access(FIELD, false, o, 0, Double.toString(v), null, site); }
    public static void rdA(Object o, Object v, int site) { if (Rec.on) access(FIELD, false, o, 0, null, v, site); }
    public static void wrI(Object o, int v, int site) { if (Rec.on) access(FIELD, true, o, 0, prim(site, v), null, site); }
    public static void wrJ(Object o, long v, int site) { if (Rec.on) access(FIELD, true, o, 0, Long.toString(v), null, site); }
    public static void wrF(Object o, float v, int site) { if (Rec.on) access(FIELD, true, o, 0, Float.toString(v), null, site); }
    public static void wrD(Object o, double v, int site) { if (Rec.on) access(FIELD, true, o, 0, Double.toString(v), null, site); }
    public static void wrA(Object o, Object v, int site) { if (Rec.on) access(FIELD, true, o, 0, null, v, site); }

    // static fields: (value, site)
    public static void srI(int v, int site) { if (Rec.on) access(STATIC, false, null, 0, prim(site, v), null, site); }
    public static void srJ(long v, int site) { if (Rec.on) access(STATIC, false, null, 0, Long.toString(v), null, site); }
    public static void srF(float v, int site) { if (Rec.on) access(STATIC, false, null, 0, Float.toString(v), null, site); }
    public static void srD(double v, int site) { if (Rec.on) access(STATIC, false, null, 0, Double.toString(v), null, site); }
    public static void srA(Object v, int site) { if (Rec.on) access(STATIC, false, null, 0, null, v, site); }
    public static void swI(int v, int site) { if (Rec.on) access(STATIC, true, null, 0, prim(site, v), null, site); }
    public static void swJ(long v, int site) { if (Rec.on) access(STATIC, true, null, 0, Long.toString(v), null, site); }
    public static void swF(float v, int site) { if (Rec.on) access(STATIC, true, null, 0, Float.toString(v), null, site); }
    public static void swD(double v, int site) { if (Rec.on) access(STATIC, true, null, 0, Double.toString(v), null, site); }
    public static void swA(Object v, int site) { if (Rec.on) access(STATIC, true, null, 0, null, v, site); }

    // array elements: (array, index, value, site)
    public static void arI(Object a, int i, int v, int site) { if (Rec.on) access(ELEM, false, a, i, elem(a, v), null, site); }
    public static void arJ(Object a, int i, long v, int site) { if (Rec.on) access(ELEM, false, a, i, Long.toString(v), null, site); }
    public static void arF(Object a, int i, float v, int site) { if (Rec.on) access(ELEM, false, a, i, Float.toString(v), null, site); }
    public static void arD(Object a, int i, double v, int site) { if (Rec.on) access(ELEM, false, a, i, Double.toString(v), null, site); }
    public static void arA(Object a, int i, Object v, int site) { if (Rec.on) access(ELEM, false, a, i, null, v, site); }
    public static void awI(Object a, int i, int v, int site) { if (Rec.on) access(ELEM, true, a, i, elem(a, v), null, site); }
    public static void awJ(Object a, int i, long v, int site) { if (Rec.on) access(ELEM, true, a, i, Long.toString(v), null, site); }
    public static void awF(Object a, int i, float v, int site) { if (Rec.on) access(ELEM, true, a, i, Float.toString(v), null, site); }
    public static void awD(Object a, int i, double v, int site) { if (Rec.on) access(ELEM, true, a, i, Double.toString(v), null, site); }
    public static void awA(Object a, int i, Object v, int site) { if (Rec.on) access(ELEM, true, a, i, null, v, site); }

    /** An int-typed field value: booleans as true/false, by the field's descriptor. */
    private static String prim(int site, int v) {
        return Site.get(site).type == 'Z' ? Boolean.toString(v != 0) : Integer.toString(v);
    }

    /**
     * An int-typed element: BASTORE and BALOAD serve both byte and boolean
     * arrays, and a store keeps only the element type's bits; the array
     * says which.
     */
    private static String elem(Object a, int v) {
        return a instanceof boolean[] ? Boolean.toString((v & 1) != 0)
                : a instanceof byte[] ? Integer.toString((byte) v)
                : a instanceof char[] ? Integer.toString((char) v)
                : a instanceof short[] ? Integer.toString((short) v) : Integer.toString(v);
    }

    /** Logs an access of a primitive value (prim, rendered) or of a reference (ref). */
    private static void access(int kind, boolean write, Object o, int i, String prim, Object ref, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            String v = prim != null ? prim : Names.value(t, ref);
            switch (kind) {
                case FIELD:
                    field(t, s, o, write, v);
                    break;
                case STATIC:
                    stat(t, s, write, v);
                    break;
                default:
                    element(t, s, o, i, write, v);
            }
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    // ---- monitors: after monitorenter, before monitorexit; synchronized
    // methods call the same at entry and at every exit

    public static void acq(Object lock, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Locks.acquire(t, Names.obj(t, lock), false, Site.get(site).loc);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void rel(Object lock, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Locks.release(t, Names.obj(t, lock), false, Site.get(site).loc);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    // ---- control flow, atomic regions, class initialisation

    public static void branch(int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            t.s.setLength(0);
            t.s.append("branch @").append(Site.get(site).loc);
            t.event();
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void atomicEnter(int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            t.s.setLength(0);
            t.s.append("enter atomic() @").append(Site.get(site).loc);
            t.event();
            t.open.add("atomic()");
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void atomicExit(int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Invocations.exit(t, "atomic()", null, Site.get(site).loc);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    /**
     * Before a read of a final static field (not recorded: the JMM makes
     * it safe): the thread's next event follows the class's initialiser.
     */
    public static void initialised(int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Statics.ordered(t, Site.get(site).owner, true);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    /** At each return of a class's static initialiser. */
    public static void clinit(int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Statics.initialised(t, Site.get(site).owner);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    // ---- shared code

    private static void field(ThreadRec t, Site s, Object o, boolean write, String v) {
        Names.Entry e = Names.entry(t, o);
        if (Names.firstField(e, s.name)) {
            Statics.declareVar(t, e.name + "." + s.name, write ? Statics.zero(s.type) : v, s.vol);
        }
        t.s.setLength(0);
        t.s.append(write ? "write " : "read ").append(e.name).append('.').append(s.name).append(' ').append(v)
                .append(" @").append(s.loc);
        t.event();
    }

    private static void stat(ThreadRec t, Site s, boolean write, String v) {
        Statics.ordered(t, s.owner, !write);
        if (Names.firstStatic(s.var)) {
            Statics.declareVar(t, s.var, write ? Statics.zero(s.type) : v, s.vol);
        }
        access(t, write, s.var, v, s.loc);
    }

    static void element(ThreadRec t, Site s, Object a, int i, boolean write, String v) {
        Names.Entry e = Names.entry(t, a);
        String var = e.name + ".[" + i + "]";
        if (Names.firstElement(e, i)) {
            Statics.declareVar(t, var, write ? Statics.zero(Statics.elemType(a)) : v, false);
        }
        access(t, write, var, v, s.loc);
    }

    static void access(ThreadRec t, boolean write, String var, String v, String loc) {
        t.s.setLength(0);
        t.s.append(write ? "write " : "read ").append(var).append(' ').append(v).append(" @").append(loc);
        t.event();
    }
}
