package gpredict.rt;

import java.lang.reflect.Field;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Lock events, kept valid for the trace reader: each thread's holds are
 * counted here as the trace will have them, so that a release or wait
 * the trace cannot take (the lock was taken by code that is not
 * instrumented) is left out instead of making the whole trace invalid.
 *
 * <p>Re-entrant acquires and their releases are not logged (the trace
 * would ignore them). A read lock taken inside the write hold of the same
 * lock is re-entrant too; if the write hold then ends first (Java's lock
 * downgrade), the trace gets a release and a racquire at that point:
 * between the two, the model lets another writer in, which the program
 * does not (docs/recording-java.md, inexact).
 */
final class Locks {
    private Locks() {}

    // held[lock] = {exclusive depth, shared depth, shared depth taken inside the exclusive hold}
    private static int[] holds(ThreadRec t, String lock) {
        return t.held.computeIfAbsent(lock, k -> new int[3]);
    }

    static void acquire(ThreadRec t, String lock, boolean shared, String loc) {
        int[] h = holds(t, lock);
        if (shared) {
            if (h[0] > 0) {
                h[2]++;
            } else if (h[1]++ == 0) {
                log(t, "racquire ", lock, loc);
            }
            return;
        }
        if (h[1] > 0) {
            return; // an upgrade, which no lock grants: the thread blocks forever
        }
        if (h[0]++ == 0) {
            log(t, "acquire ", lock, loc);
        }
    }

    static void release(ThreadRec t, String lock, boolean shared, String loc) {
        int[] h = t.held.get(lock);
        if (h == null) {
            return;
        }
        if (shared) {
            if (h[2] > 0) {
                h[2]--;
            } else if (h[1] > 0 && --h[1] == 0) {
                log(t, "rrelease ", lock, loc);
            }
            return;
        }
        if (h[0] == 0) {
            return;
        }
        if (--h[0] == 0) {
            log(t, "release ", lock, loc);
            if (h[2] > 0) {
                h[1] = h[2];
                h[2] = 0;
                log(t, "racquire ", lock, loc);
            }
        }
    }

    static boolean holdsExclusive(ThreadRec t, String lock) {
        int[] h = t.held.get(lock);
        return h != null && h[0] > 0 && h[1] == 0 && h[2] == 0;
    }

    /**
     * A wait about to block, logged before the call (where the thread
     * still holds the lock, so that the log's order stays one of a run):
     * an untimed wait is {@code wait L S}, which a notify must end; a
     * timed one (or one that may be interrupted out of) is a release here
     * and an acquire when it returns (waitEnd), which need no notify.
     * Returns whether anything was logged (the trace holds the lock).
     */
    static boolean waitStart(ThreadRec t, String lock, String signal, boolean untimed, String loc) {
        if (!holdsExclusive(t, lock)) {
            return false;
        }
        if (untimed) {
            t.s.setLength(0);
            t.s.append("wait ").append(lock);
            if (!signal.equals(lock)) {
                t.s.append(' ').append(signal);
            }
            t.s.append(" @").append(loc);
            t.event();
        } else {
            log(t, "release ", lock, loc);
        }
        return true;
    }

    /** A timed wait that returned (or threw), with the lock taken back. */
    static void waitEnd(ThreadRec t, String lock, boolean untimed, String loc) {
        if (!untimed && holdsExclusive(t, lock)) {
            log(t, "acquire ", lock, loc);
        }
    }

    static void notify(ThreadRec t, String signal, boolean all, String loc) {
        log(t, all ? "notifyAll " : "notify ", signal, loc);
    }

    private static void log(ThreadRec t, String op, String lock, String loc) {
        t.s.setLength(0);
        t.s.append(op).append(lock).append(" @").append(loc);
        t.event();
    }

    // ---- java.util.concurrent.locks

    private static final Field rlSync = field(ReentrantLock.class, "sync");
    private static final Field readSync = field(ReentrantReadWriteLock.ReadLock.class, "sync");
    private static final Field writeSync = field(ReentrantReadWriteLock.WriteLock.class, "sync");
    private static final Field condOwner = field(conditionClass(), "this$0");

    private static Class<?> conditionClass() {
        try {
            return Class.forName("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject");
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    /**
     * Reads private fields of java.util.concurrent.locks; the agent opens
     * the package to the runtime (Agent.premain). Null if it cannot.
     */
    private static Field field(Class<?> c, String name) {
        try {
            Field f = c.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (Throwable e) {
            return null;
        }
    }

    private static Object get(Field f, Object o) {
        try {
            return f == null ? null : f.get(o);
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    /** A lock of java.util.concurrent.locks as the trace names it. */
    static final class Named {
        final String name;
        final boolean shared;

        Named(String name, boolean shared) {
            this.name = name;
            this.shared = shared;
        }
    }

    /**
     * The trace lock of a Lock object: a ReentrantLock by its own name; the
     * two halves of a ReentrantReadWriteLock by the synchroniser they share
     * (ReentrantReadWriteLock@N), the read half shared. Conditions find
     * their lock through the same synchroniser. Other Lock classes of the
     * JDK are exclusive locks named after themselves; Lock classes of the
     * program are not modelled (null): their own code is instrumented.
     */
    static Named of(ThreadRec t, Object lock) {
        if (lock instanceof ReentrantLock) {
            String n = Names.obj(t, lock);
            Object sync = get(rlSync, lock);
            if (sync != null) {
                Names.alias(t, sync, n);
            }
            return new Named(n, false);
        }
        boolean read = lock instanceof ReentrantReadWriteLock.ReadLock;
        if (read || lock instanceof ReentrantReadWriteLock.WriteLock) {
            Object sync = get(read ? readSync : writeSync, lock);
            if (sync == null) {
                return new Named(Names.obj(t, lock), read);
            }
            String n = Names.known(sync);
            if (n == null) {
                n = Names.alias(t, sync, Names.fresh("ReentrantReadWriteLock"));
            }
            return new Named(n, read);
        }
        if (lock instanceof Lock && lock.getClass().getClassLoader() == null) {
            return new Named(Names.obj(t, lock), false);
        }
        return null;
    }

    /** The lock of a Condition of java.util.concurrent.locks, or null. */
    static String conditionLock(Object cond) {
        Object sync = get(condOwner, cond);
        return sync == null ? null : Names.known(sync);
    }
}
