import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The synchronisation-heavy workload of bench/record-java.sh: THREADS
 * threads each run ITERS iterations of a monitor-protected update of two
 * fields, a ReentrantLock-protected array update, a volatile write and an
 * atomic increment — nothing but synchronisation and shared accesses,
 * the worst case for a recorder. It prints the workload's own time in
 * nanoseconds (JVM start and class loading excluded).
 *
 * Usage: java SyncHeavy [THREADS [ITERS]]
 */
public class SyncHeavy {
    long a, b;
    final long[] slots = new long[16];
    volatile long last;
    final AtomicLong ops = new AtomicLong();
    final ReentrantLock lock = new ReentrantLock();

    void step(int me, int i) {
        synchronized (this) {
            a += i;
            b = a - me;
        }
        lock.lock();
        try {
            slots[i & 15] += me;
        } finally {
            lock.unlock();
        }
        last = i;
        ops.incrementAndGet();
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int iters = args.length > 1 ? Integer.parseInt(args[1]) : 20000;
        SyncHeavy s = new SyncHeavy();
        Thread[] ts = new Thread[threads];
        long start = System.nanoTime();
        for (int k = 0; k < threads; k++) {
            int me = k;
            ts[k] = new Thread(() -> {
                for (int i = 0; i < iters; i++) {
                    s.step(me, i);
                }
            });
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        long ns = System.nanoTime() - start;
        System.out.println("workload-ns " + ns + " ops " + s.ops.get());
    }
}
