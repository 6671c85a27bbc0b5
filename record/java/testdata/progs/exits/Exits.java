package exits;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Ways out of a program and of its methods that the recording must
 * survive: an exception through a synchronized method and through a
 * logged call (both caught), a shutdown hook that logs events, and
 * System.exit (or, with the argument "throw", an uncaught exception on
 * the main thread) while another thread still runs.
 */
public class Exits {
    int state;
    static volatile boolean stop;

    synchronized void fail() {
        state = 1;
        throw new IllegalStateException("on purpose");
    }

    public static void main(String[] args) throws Exception {
        Exits e = new Exits();
        try {
            e.fail();
        } catch (IllegalStateException ex) {
            e.state = 2;
        }
        List<String> l = new ArrayList<>();
        Iterator<String> it = l.iterator();
        try {
            it.next();
        } catch (NoSuchElementException ex) {
            e.state = 3;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> e.state = 5, "hook"));
        Thread spinner = new Thread(() -> {
            while (!stop) {
                e.state = e.state;
            }
        }, "spinner");
        spinner.setDaemon(true);
        spinner.start();
        Thread.sleep(50);
        synchronized (e) {
            e.state = 4;
            if (args.length > 0 && args[0].equals("throw")) {
                throw new RuntimeException("uncaught, on purpose");
            }
            System.exit(3);
        }
    }
}
