package gpredict.rt;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Trace names of threads. A thread is named after its Java name (made a
 * valid trace token) when it is forked by instrumented code or logs its
 * first event, whichever comes first; a name already taken gets a suffix
 * ~2, ~3, … The name is kept for the whole run, also if the program
 * renames the thread later.
 */
final class Threads {
    private Threads() {}

    private static final Map<Thread, String> assigned = new IdentityHashMap<>();
    private static final Set<String> used = new HashSet<>();

    private static final ThreadLocal<ThreadRec> current = new ThreadLocal<>();

    /** The calling thread's recording, created on its first event. */
    static ThreadRec cur() {
        ThreadRec t = current.get();
        if (t == null) {
            Thread th = Thread.currentThread();
            boolean forked = named(th);
            t = new ThreadRec(th, nameOf(th));
            current.set(t);
            Rec.register(t);
            if (!forked) {
                Handoffs.started(t);
            }
        }
        return t;
    }

    /** The trace name of th, assigning one if it has none yet. */
    static String nameOf(Thread th) {
        synchronized (assigned) {
            String n = assigned.get(th);
            if (n == null) {
                String base = Names.token(th.getName());
                switch (base) {
                    case "init": case "volatile": case "type": case "object": case "hb": case "lock": case "stack":
                        base = "_" + base; // directive keywords cannot name threads
                        break;
                    default:
                }
                n = base;
                for (int k = 2; used.contains(n); k++) {
                    n = base + "~" + k;
                }
                used.add(n);
                assigned.put(th, n);
            }
            return n;
        }
    }

    /** Whether th has been named (forked or seen logging). */
    static boolean named(Thread th) {
        synchronized (assigned) {
            return assigned.containsKey(th);
        }
    }
}
