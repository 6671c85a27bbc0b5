package gpredict.rt;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The recording of the process: the raw log it writes, the sequence
 * numbers of its lines, and the buffers of its threads.
 *
 * <p>Every thread logs into a buffer of its own (ThreadRec); each line
 * gets a global sequence number, so that the collector (record/collect.go)
 * can merge the threads' lines in the order they were logged. A buffer is
 * written to the log when it passes FLUSH_CHARS, every FLUSH_MILLIS by a
 * daemon thread (so that a killed JVM loses little), and at shutdown,
 * after the application's shutdown hooks (so that their events are in
 * the trace too). Each write holds whole lines; a JVM killed in the
 * middle of one leaves a cut-off last line, which the collector reads up
 * to.
 */
public final class Rec {
    private Rec() {}

    static final int FLUSH_CHARS = 64 << 10;
    static final long FLUSH_MILLIS = 200;

    /** Whether events are logged; off until start and after the final flush. */
    static volatile boolean on;

    private static final AtomicLong seq = new AtomicLong();
    private static FileOutputStream out;
    private static final Object outLock = new Object();
    private static final List<ThreadRec> threads = new ArrayList<>();
    /** The last events of the threads that ended and were forgotten (flushAll). */
    private static final List<String> endedLast = new ArrayList<>();
    private static volatile boolean failed;

    /** The next sequence number. */
    static long nextSeq() {
        return seq.incrementAndGet();
    }

    /**
     * Opens the raw log and starts the flusher. Called once by the agent's
     * premain, before any instrumented class is defined.
     */
    public static void start(String rawDir) throws IOException {
        long pid = ProcessHandle.current().pid();
        out = new FileOutputStream(rawDir + "/raw-" + pid + ".log", true);
        byte[] header = ("0 # gpredict record java " + pid + "\n").getBytes(StandardCharsets.UTF_8);
        write(header, header.length);
        Thread flusher = new Thread(Rec::flushLoop, "gpredict-flusher");
        flusher.setDaemon(true);
        flusher.start();
        on = true;
    }

    static void register(ThreadRec t) {
        synchronized (threads) {
            threads.add(t);
        }
    }

    private static void flushLoop() {
        while (on) {
            try {
                Thread.sleep(FLUSH_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            flushAll(false);
        }
    }

    /**
     * Writes every buffer. With last, also stops the recording: events
     * logged after the final flush (by daemon threads still running)
     * would never be written, so they are not logged at all.
     */
    public static void flushAll(boolean last) {
        ThreadRec[] all;
        synchronized (threads) {
            all = threads.toArray(new ThreadRec[0]);
            if (!last) {
                // Threads that ended and have nothing left to write are
                // forgotten, so the registry does not grow with every
                // thread a long program ever started; their last events
                // are kept for the shutdown hooks (lastOfEnded).
                threads.removeIf(t -> {
                    if (!t.finished()) {
                        return false;
                    }
                    String id = t.lastIdLocked();
                    if (id != null) {
                        endedLast.add(id);
                    }
                    return true;
                });
            }
        }
        if (last) {
            on = false;
        }
        for (ThreadRec t : all) {
            t.flush();
        }
    }

    /** The last event of every thread that has ended, but for except. */
    static List<String> lastOfEnded(ThreadRec except) {
        List<String> out = new ArrayList<>();
        synchronized (threads) {
            out.addAll(endedLast);
            for (ThreadRec t : threads) {
                if (t != except && !t.thread.isAlive()) {
                    String id = t.lastIdLocked();
                    if (id != null) {
                        out.add(id);
                    }
                }
            }
        }
        return out;
    }

    /** Writes whole lines to the log. */
    static void write(byte[] b, int n) {
        synchronized (outLock) {
            if (out == null) {
                return;
            }
            try {
                out.write(b, 0, n);
            } catch (IOException e) {
                fail(e);
            }
        }
    }

    /**
     * Stops recording after an internal error, saying so once: the
     * program goes on, and the trace holds what was logged until then
     * (the collector reads it as a recording cut short).
     */
    static void fail(Throwable e) {
        if (failed) {
            return;
        }
        failed = true;
        on = false;
        System.err.println("gpredict agent: recording stopped after an internal error: " + e);
        e.printStackTrace();
    }
}
