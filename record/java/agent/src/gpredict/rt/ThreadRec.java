package gpredict.rt;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One thread's recording: its trace name, how many events it logged (its
 * next event is name:(n+1)), its unwritten lines, and what the model of
 * its events needs to stay valid (the locks it holds in the trace, its
 * open invocations).
 *
 * <p>The owner appends under the object's monitor; the flusher and the
 * final flush take the same monitor to write the buffer, so a buffer is
 * always written in whole lines and in order.
 */
final class ThreadRec {
    final Thread thread;
    final String name;
    /** Events logged so far. */
    int n;
    private final StringBuilder buf = new StringBuilder(1024);
    /** Scratch space for the operands of the line being built (owner only). */
    final StringBuilder s = new StringBuilder(256);
    /** Events that must happen before this thread's next event (ids T:k). */
    private final List<String> pendingHb = new ArrayList<>();
    /** Lock name → {exclusive depth, shared depth} as the trace has them. */
    final Map<String, int[]> held = new HashMap<>();
    /** Locks a read lock was taken on inside the write hold (downgrade). */
    final Map<String, int[]> downgraded = new HashMap<>();
    /** Signatures of the property invocations entered and not exited. */
    final ArrayList<String> open = new ArrayList<>();
    /** Classes whose static fields this thread has accessed (Statics.ordered). */
    final java.util.HashSet<String> inited = new java.util.HashSet<>();
    /** True while the runtime itself runs on this thread: no events then. */
    boolean busy;

    // A small direct-mapped cache of object names (Names): most accesses
    // touch an object the thread touched just before.
    final Object[] cacheObj = new Object[256];
    final Names.Entry[] cacheEnt = new Names.Entry[256];

    /** Per-thread state of the hand-off models (Handoffs). */
    final IdentityHashMap<Object, Object> local = new IdentityHashMap<>();

    ThreadRec(Thread thread, String name) {
        this.thread = thread;
        this.name = name;
    }

    /** The id of this thread's last event, T:k, or null if it has none. */
    String lastId() {
        return n == 0 ? null : name + ":" + n;
    }

    /** The id this thread's next event will get. */
    String nextId() {
        return name + ":" + (n + 1);
    }

    /** The next event must come after event id (an hb fact), unless it is this thread's own. */
    void after(String id) {
        if (id != null && !ownId(id)) {
            pendingHb.add(id);
        }
    }

    boolean ownId(String id) {
        return id.length() > name.length() && id.startsWith(name) && id.charAt(name.length()) == ':'
                && id.indexOf(':', name.length() + 1) < 0;
    }

    /**
     * Logs the event whose operands are in s ("read x 1 @loc") and returns
     * its id. The hb facts waiting for this thread's next event are
     * written with it.
     */
    String event() {
        String id;
        synchronized (this) {
            if (!Rec.on) {
                return null;
            }
            buf.append(Rec.nextSeq()).append(' ').append(name).append(' ').append(s).append('\n');
            n++;
            id = name + ":" + n;
            if (!pendingHb.isEmpty()) {
                for (String from : pendingHb) {
                    buf.append(Rec.nextSeq()).append(" hb ").append(from).append(' ').append(id).append('\n');
                }
                pendingHb.clear();
            }
            if (buf.length() >= Rec.FLUSH_CHARS) {
                flushLocked();
            }
        }
        return id;
    }

    /** Logs a directive or comment line (its whole text in text). */
    void directive(CharSequence text) {
        synchronized (this) {
            if (!Rec.on) {
                return;
            }
            buf.append(Rec.nextSeq()).append(' ').append(text).append('\n');
        }
    }

    synchronized void flush() {
        flushLocked();
    }

    private void flushLocked() {
        if (buf.length() == 0) {
            return;
        }
        byte[] b = buf.toString().getBytes(StandardCharsets.UTF_8);
        buf.setLength(0);
        // Written under this thread's monitor, so that its chunks reach the
        // log in order and a killed JVM leaves a prefix of each thread.
        Rec.write(b);
    }

    synchronized boolean finished() {
        return !thread.isAlive() && buf.length() == 0;
    }
}
