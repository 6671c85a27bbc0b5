package gpredict.rt;

/**
 * A model of StringBuffer, whose methods run in the JDK and are not
 * instrumented: the buffer's content is one variable, {@code SB.value},
 * read by the methods that read it and written by those that change it,
 * with the content as value. Every StringBuffer method is synchronized;
 * the trampoline holds the buffer's monitor around the call (Calls.MONITOR),
 * so the events are logged where the JDK's own critical section is.
 *
 * <p>append and insert of another StringBuffer (also as a CharSequence)
 * read the argument twice, each time under its monitor — its length, then
 * its characters — as the JDK does: the lock-order deadlock of two buffers
 * appended to each other, and the atomicity violation of a buffer changed
 * between the two reads, are both in the model.
 */
final class Buffers {
    private Buffers() {}

    private static boolean mutator(String m) {
        switch (m) {
            case "append":
            case "appendCodePoint":
            case "insert":
            case "delete":
            case "deleteCharAt":
            case "replace":
            case "reverse":
            case "setCharAt":
            case "setLength":
                return true;
            default:
                return false;
        }
    }

    static void before(ThreadRec t, Site s, Object recv, Object[] args) {
        // The first access declares the content the buffer had before it.
        Names.Entry self = Names.entry(t, recv);
        if (Names.firstField(self, "value")) {
            Statics.declareVar(t, self.name + ".value", Names.string(recv.toString()), false);
        }
        if (!(s.name.equals("append") || s.name.equals("insert")) || args == null) {
            return;
        }
        for (Object a : args) {
            if (a instanceof StringBuffer && a != recv) {
                StringBuffer other = (StringBuffer) a;
                String l = Names.obj(t, other);
                for (int k = 0; k < 2; k++) {
                    Locks.acquire(t, l, false, s.loc);
                    String content;
                    synchronized (other) {
                        content = other.toString();
                    }
                    content(t, s, other, false, content);
                    Locks.release(t, l, false, s.loc);
                }
            }
        }
    }

    static void after(ThreadRec t, Site s, Object recv) {
        String content = recv.toString(); // the trampoline holds recv's monitor
        content(t, s, recv, mutator(s.name), content);
    }

    private static void content(ThreadRec t, Site s, Object sb, boolean write, String content) {
        Names.Entry e = Names.entry(t, sb);
        String var = e.name + ".value";
        String v = Names.string(content);
        if (Names.firstField(e, "value")) {
            Statics.declareVar(t, var, v, false); // only a read of another buffer comes here first
        }
        R.access(t, write, var, v, s.loc);
    }
}
