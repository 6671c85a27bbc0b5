package gpredict.rt;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
        // The log's event lines leave out their thread: this line, the
        // first of the writer, gives it.
        buf.append(Rec.nextSeq()).append(" # thread ").append(name).append('\n');
    }

    /** The id of this thread's last event, T:k, or null if it has none. */
    String lastId() {
        return n == 0 ? null : name + ":" + n;
    }

    /** lastId() read by another thread (the owner writes n under the monitor). */
    synchronized String lastIdLocked() {
        return lastId();
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
     * Logs the event whose operands are in s ("read x 1 @loc"); its id is
     * then lastId(). The hb facts waiting for this thread's next event are
     * written with it.
     */
    void event() {
        boolean full;
        synchronized (this) {
            if (!Rec.on) {
                return;
            }
            buf.append(Rec.nextSeq()).append(' ').append(s).append('\n');
            n++;
            if (!pendingHb.isEmpty()) {
                for (String from : pendingHb) {
                    buf.append(Rec.nextSeq()).append(" hb ").append(from).append(' ').append(name).append(':').append(n)
                            .append('\n');
                }
                pendingHb.clear();
            }
            full = buf.length() >= Rec.FLUSH_CHARS;
        }
        if (full) {
            flush();
        }
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

    /** Serialises this thread's writes to the log, so that its chunks reach it in order. */
    private final Object writing = new Object();
    /** The encoded lines being written (under writing). */
    private byte[] out = new byte[0];
    /** This thread's id as a writer of the log. */
    private final long writer = Rec.newWriter();
    /** The current chunk (under writing): its offset (-1: none yet), bytes of lines, number. */
    private long chunkOff = -1;
    private int chunkUsed;
    private long chunkNo = -1;
    private final ByteBuffer header = ByteBuffer.allocate(Rec.CHUNK_HEADER).order(ByteOrder.LITTLE_ENDIAN);

    /**
     * Writes the buffer to the log. The buffer's monitor is held only to
     * encode it; the write itself holds the writing lock, taken first, so
     * that this thread's chunks reach the log in order (a killed JVM leaves
     * a prefix of each thread) while the thread goes on logging.
     */
    void flush() {
        synchronized (writing) {
            int n;
            synchronized (this) {
                n = encode();
            }
            for (int p = 0; p < n; ) {
                int k = fit(p, n);
                if (k < 0) {
                    return;
                }
                if (!Rec.write(ByteBuffer.wrap(out, p, k - p), chunkOff + Rec.CHUNK_HEADER + chunkUsed)) {
                    return;
                }
                chunkUsed += k - p;
                header.clear();
                header.put(0, (byte) 'G').put(1, (byte) 'P').put(2, (byte) 'C').put(3, (byte) 'H');
                header.putInt(4, chunkUsed).putLong(8, writer).putLong(16, chunkNo);
                if (!Rec.write(header, chunkOff)) {
                    return;
                }
                p = k;
            }
        }
    }

    /**
     * The end of the whole lines of out[p:n] that fit in the current
     * chunk, starting a new chunk when the current one has no room for
     * the next line; -1 (the recording stopped) if a line is longer than
     * a chunk, which no line of the runtime is.
     */
    private int fit(int p, int n) {
        for (int pass = 0; pass < 2; pass++) {
            if (chunkOff >= 0) {
                int room = Rec.CHUNK - Rec.CHUNK_HEADER - chunkUsed;
                for (int k = Math.min(n, p + room); k > p; k--) {
                    if (out[k - 1] == '\n') {
                        return k;
                    }
                }
                if (chunkUsed == 0) {
                    break;
                }
            }
            chunkOff = Rec.newChunk();
            chunkUsed = 0;
            chunkNo++;
        }
        Rec.fail(new IllegalStateException("a line of the log is longer than a chunk (" + Rec.CHUNK + " bytes)"));
        return -1;
    }

    /**
     * Encodes the buffer as UTF-8 into out and empties it; returns the
     * length. Lines are ASCII but for string values and names, so the
     * common case is one store per char, without the copies and scans of
     * toString().getBytes().
     */
    private int encode() {
        int len = buf.length();
        if (len == 0) {
            return 0;
        }
        if (out.length < len * 3) { // at most 3 bytes per char (4 per surrogate pair)
            out = new byte[len * 3];
        }
        int n = 0;
        for (int i = 0; i < len; i++) {
            char c = buf.charAt(i);
            if (c < 0x80) {
                out[n++] = (byte) c;
            } else if (c < 0x800) {
                out[n++] = (byte) (0xc0 | c >> 6);
                out[n++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < len && Character.isLowSurrogate(buf.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, buf.charAt(++i)); // a method or class name beyond the BMP
                out[n++] = (byte) (0xf0 | cp >> 18);
                out[n++] = (byte) (0x80 | cp >> 12 & 0x3f);
                out[n++] = (byte) (0x80 | cp >> 6 & 0x3f);
                out[n++] = (byte) (0x80 | cp & 0x3f);
            } else if (Character.isSurrogate(c)) {
                out[n++] = '?'; // unpaired: not UTF-8 (values escape them; names cannot have them)
            } else {
                out[n++] = (byte) (0xe0 | c >> 12);
                out[n++] = (byte) (0x80 | c >> 6 & 0x3f);
                out[n++] = (byte) (0x80 | c & 0x3f);
            }
        }
        buf.setLength(0);
        return n;
    }

    synchronized boolean finished() {
        return !thread.isAlive() && buf.length() == 0;
    }
}
