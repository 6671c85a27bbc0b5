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

    // ---- instance fields: (object, value, site) after a read, before a write

    public static void rdI(Object o, int v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            field(t, s, o, false, s.type == 'Z' ? Boolean.toString(v != 0) : Integer.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void rdJ(Object o, long v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, false, Long.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void rdF(Object o, float v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, false, Float.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void rdD(Object o, double v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, false, Double.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void rdA(Object o, Object v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, false, Names.value(t, v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void wrI(Object o, int v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            field(t, s, o, true, s.type == 'Z' ? Boolean.toString(v != 0) : Integer.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void wrJ(Object o, long v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, true, Long.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void wrF(Object o, float v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, true, Float.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void wrD(Object o, double v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, true, Double.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void wrA(Object o, Object v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            field(t, Site.get(site), o, true, Names.value(t, v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    // ---- static fields: (value, site)

    public static void srI(int v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            stat(t, s, false, s.type == 'Z' ? Boolean.toString(v != 0) : Integer.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void srJ(long v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), false, Long.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void srF(float v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), false, Float.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void srD(double v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), false, Double.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void srA(Object v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), false, Names.value(t, v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void swI(int v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            stat(t, s, true, s.type == 'Z' ? Boolean.toString(v != 0) : Integer.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void swJ(long v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), true, Long.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void swF(float v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), true, Float.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void swD(double v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), true, Double.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void swA(Object v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            stat(t, Site.get(site), true, Names.value(t, v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    // ---- array elements: (array, index, value, site)

    public static void arI(Object a, int i, int v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, false, a instanceof boolean[] ? Boolean.toString(v != 0) : Integer.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void arJ(Object a, int i, long v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, false, Long.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void arF(Object a, int i, float v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, false, Float.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void arD(Object a, int i, double v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, false, Double.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void arA(Object a, int i, Object v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, false, Names.value(t, v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void awI(Object a, int i, int v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            // BASTORE stores both bytes and booleans: the array says which
            // (and a byte store keeps only the low 8 bits).
            String val = a instanceof boolean[] ? Boolean.toString((v & 1) != 0)
                    : a instanceof byte[] ? Integer.toString((byte) v)
                    : a instanceof char[] ? Integer.toString((char) v)
                    : a instanceof short[] ? Integer.toString((short) v) : Integer.toString(v);
            elem(t, Site.get(site), a, i, true, val);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void awJ(Object a, int i, long v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, true, Long.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void awF(Object a, int i, float v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, true, Float.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void awD(Object a, int i, double v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, true, Double.toString(v));
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            leave(t);
        }
    }

    public static void awA(Object a, int i, Object v, int site) {
        ThreadRec t = enter();
        if (t == null) return;
        try {
            elem(t, Site.get(site), a, i, true, Names.value(t, v));
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
        Statics.ordered(t, s.owner);
        if (Names.firstStatic(s.var)) {
            Statics.declareVar(t, s.var, write ? Statics.zero(s.type) : v, s.vol);
        }
        access(t, write, s.var, v, s.loc);
    }

    private static void elem(ThreadRec t, Site s, Object a, int i, boolean write, String v) {
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
