package gpredict.rt;

/**
 * Invocation events (enter/exit) of property calls and atomic regions,
 * kept balanced for the trace reader: an exit closes the innermost open
 * invocation of its signature, and closes first any invocation entered
 * after it that an exception left open.
 */
final class Invocations {
    private Invocations() {}

    static void enter(ThreadRec t, String sig, String target, String args, String loc) {
        t.s.setLength(0);
        t.s.append("enter ").append(sig);
        if (target != null) {
            t.s.append(" target=").append(target);
        }
        if (args != null) {
            t.s.append(" args=").append(args);
        }
        t.s.append(" @").append(loc);
        t.event();
        t.open.add(sig);
    }

    static void exit(ThreadRec t, String sig, String result, String loc) {
        int i = t.open.lastIndexOf(sig);
        if (i < 0) {
            return;
        }
        while (t.open.size() - 1 > i) {
            String inner = t.open.remove(t.open.size() - 1);
            t.s.setLength(0);
            t.s.append("exit ").append(inner).append(" @").append(loc);
            t.event();
        }
        t.open.remove(i);
        t.s.setLength(0);
        t.s.append("exit ").append(sig);
        if (result != null) {
            t.s.append(" result=").append(result);
        }
        t.s.append(" @").append(loc);
        t.event();
    }

    /** A call event (entry and exit at one place): "call SIG [target=] [args=] [result=] @loc". */
    static String call(ThreadRec t, String sig, String target, String args, String result, String loc) {
        t.s.setLength(0);
        t.s.append("call ").append(sig);
        if (target != null) {
            t.s.append(" target=").append(target);
        }
        if (args != null) {
            t.s.append(" args=").append(args);
        }
        if (result != null) {
            t.s.append(" result=").append(result);
        }
        t.s.append(" @").append(loc);
        t.event();
        return t.lastId();
    }

    /** The args= list of a call, or null for none. */
    static String args(ThreadRec t, Object[] args) {
        if (args == null || args.length == 0) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(Names.value(t, args[i]));
        }
        return b.toString();
    }
}
