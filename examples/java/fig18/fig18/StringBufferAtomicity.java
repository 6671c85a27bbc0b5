package fig18;

/**
 * FIG. 18, row stringbuffer (AtomicityViolation) on the JDK's own
 * StringBuffer, whose methods are synchronized and which the agent models
 * (docs/recording-java.md): append(StringBuffer other) holds this
 * buffer's monitor and takes other's twice, to read its length and then
 * its characters. A logger appends a shared buffer to its own while a
 * clearer empties the shared one: if the clear comes between the two
 * reads, append copies characters the buffer no longer has
 * (StringIndexOutOfBoundsException) — the atomicity violation of
 * StringBuffer.append that Flanagan and Freund's Atomizer found. The
 * clearer starts 100 ms later, so nothing fails in this run.
 *
 * <p>Recorded with --atomic '* StringBuffer.append(..)' (append is meant
 * to be atomic) and --log-branches (the explicit branch model: the JDK's
 * code between the two reads has no branch events, and the violation is
 * exactly that it goes on with reads that disagree).
 */
public class StringBufferAtomicity {
    public static void main(String[] args) throws Exception {
        StringBuffer shared = new StringBuffer("event-1;");
        StringBuffer log = new StringBuffer();
        boolean[] failed = new boolean[1];
        Thread logger = new Thread(() -> {
            try {
                log.append(shared);
            } catch (StringIndexOutOfBoundsException e) {
                failed[0] = true; // the clear came between append's two reads
            }
        }, "logger");
        Thread clearer = new Thread(() -> {
            Timing.pause(100);
            shared.setLength(0);
        }, "clearer");
        logger.start();
        clearer.start();
        logger.join();
        clearer.join();
        Timing.check(failed);
        System.out.println("log: " + log);
    }
}
