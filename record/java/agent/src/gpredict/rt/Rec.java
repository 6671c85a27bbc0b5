package gpredict.rt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The recording of the process: the raw log it writes, the sequence
 * numbers of its lines, and the buffers of its threads.
 *
 * <p>Every thread logs into a buffer of its own (ThreadRec); each line
 * gets a global sequence number, so that the collector (record/raw.go)
 * can merge the threads' lines in the order they were logged. A buffer is
 * written to the log when it passes FLUSH_CHARS, every FLUSH_MILLIS by a
 * daemon thread (so that a killed JVM loses little), and at shutdown,
 * after the application's shutdown hooks (so that their events are in
 * the trace too).
 *
 * <p>The log is in the format the Go runtime writes (record/rt/rt_log.go,
 * read by record/raw.go; the three must agree): a header page (the magic
 * line, the chunk size at offset 16, little endian) and chunks of CHUNK
 * bytes, each owned by one thread (its writer) and holding whole lines.
 * A chunk's header ("GPCH", the bytes of lines, the writer, the writer's
 * chunk number, 8 reserved bytes) is written after its lines, so a JVM
 * killed in the middle of a write leaves a chunk that says no more than
 * what is in the file.
 */
public final class Rec {
    private Rec() {}

    static final int FLUSH_CHARS = 64 << 10;
    static final long FLUSH_MILLIS = 200;

    /** Whether events are logged; off until start and after the final flush. */
    static volatile boolean on;

    static final String MAGIC = "gpredict-raw v2\n";
    static final int HEADER = 4096;
    static final int CHUNK = 64 << 10;
    static final int CHUNK_HEADER = 32;

    private static final AtomicLong seq = new AtomicLong();
    /** Chunks allocated in the log. */
    private static final AtomicLong chunks = new AtomicLong();
    /** Writers (threads) given an id. */
    private static final AtomicLong writers = new AtomicLong();
    /** The log; positional writes of different threads proceed concurrently. */
    private static volatile FileChannel out;
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
        FileChannel ch = FileChannel.open(Paths.get(rawDir, "raw-" + pid + ".log"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        header.put(MAGIC.getBytes(StandardCharsets.US_ASCII)).putLong(16, CHUNK);
        header.clear();
        writeFully(ch, header, 0);
        out = ch;
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

    /** A new writer's id. */
    static long newWriter() {
        return writers.incrementAndGet();
    }

    /** The file offset of a newly allocated chunk. */
    static long newChunk() {
        return HEADER + chunks.getAndIncrement() * (long) CHUNK;
    }

    /** Writes b (position to limit) at pos of the log; false if the log failed. */
    static boolean write(ByteBuffer b, long pos) {
        FileChannel ch = out;
        if (ch == null) {
            return false;
        }
        try {
            writeFully(ch, b, pos);
            return true;
        } catch (IOException e) {
            fail(e);
            return false;
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b, long pos) throws IOException {
        while (b.hasRemaining()) {
            pos += ch.write(b, pos);
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
