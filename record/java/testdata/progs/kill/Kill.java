package kill;

/**
 * A program killed with SIGKILL while two threads log events: the trace
 * holds what was written before (the agent writes every 200 ms).
 */
public class Kill {
    static int a, b;

    public static void main(String[] args) throws Exception {
        Object lock = new Object();
        Thread t = new Thread(() -> {
            for (;;) {
                synchronized (lock) {
                    b++;
                }
            }
        }, "worker");
        t.start();
        long end = System.nanoTime() + 600_000_000L;
        while (System.nanoTime() < end) {
            synchronized (lock) {
                a++;
            }
        }
        new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).start().waitFor();
        Thread.sleep(10_000); // never reached
    }
}
