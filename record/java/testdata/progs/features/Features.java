package features;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * Every construct the Java recorder models, each once, in a run where
 * nothing fails (record/java's TestRecordFeatures checks the events of
 * each). The values are published to other threads only through the
 * construct under test.
 */
public class Features {
    static int initialised = compute();
    int viaExecutor, viaLatch, viaQueue, viaFuture, viaLock, viaRead, viaWait, viaCondition;
    volatile boolean ready;
    final AtomicInteger counter = new AtomicInteger(5);
    final Object monitor = new Object();
    boolean signalled;

    static int compute() {
        return 42;
    }

    public static void main(String[] args) throws Exception {
        Features f = new Features();
        f.executor();
        f.latch();
        f.queue();
        f.future();
        f.locks();
        f.waitNotify();
        f.condition();
        f.atomics();
        f.staticInit();
        f.copy();
        f.finalStatic();
        System.out.println("ok");
    }

    void executor() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        viaExecutor = 1;
        Future<Integer> r = pool.submit(() -> viaExecutor + 1);
        int got = r.get();
        viaExecutor = got;
        pool.shutdown();
    }

    void latch() throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            viaLatch = 7;
            done.countDown();
        }, "latcher");
        t.start();
        done.await();
        viaLatch++;
        t.join();
    }

    void queue() throws Exception {
        BlockingQueue<int[]> q = new ArrayBlockingQueue<>(1);
        Thread t = new Thread(() -> {
            int[] box = new int[1];
            box[0] = 3;
            try {
                q.put(box);
            } catch (InterruptedException e) {
                throw new RuntimeException(e);
            }
        }, "producer");
        t.start();
        int[] got = q.take();
        viaQueue = got[0];
        t.join();
    }

    void future() throws Exception {
        CompletableFuture<Integer> cf = CompletableFuture.supplyAsync(() -> {
            viaFuture = 9;
            return 1;
        });
        cf.join();
        viaFuture++;
    }

    void locks() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
        Thread t = new Thread(() -> {
            lock.lock();
            try {
                viaLock++;
            } finally {
                lock.unlock();
            }
            rw.readLock().lock();
            try {
                int x = viaRead;
            } finally {
                rw.readLock().unlock();
            }
        }, "locker");
        t.start();
        lock.lock();
        try {
            viaLock++;
        } finally {
            lock.unlock();
        }
        rw.writeLock().lock();
        try {
            viaRead = 1;
        } finally {
            rw.writeLock().unlock();
        }
        t.join();
    }

    void waitNotify() throws Exception {
        Thread t = new Thread(() -> {
            synchronized (monitor) {
                viaWait = 4;
                signalled = true;
                monitor.notifyAll();
            }
        }, "notifier");
        synchronized (monitor) {
            t.start(); // the notifier takes the monitor only once main waits
            while (!signalled) {
                monitor.wait();
            }
            viaWait++;
        }
        t.join();
    }

    void condition() throws Exception {
        ReentrantLock lock = new ReentrantLock();
        Condition c = lock.newCondition();
        boolean[] flag = new boolean[1];
        Thread t = new Thread(() -> {
            lock.lock();
            try {
                viaCondition = 2;
                flag[0] = true;
                c.signal();
            } finally {
                lock.unlock();
            }
        }, "signaller");
        lock.lock();
        try {
            t.start();
            while (!flag[0]) {
                c.await();
            }
            viaCondition++;
        } finally {
            lock.unlock();
        }
        t.join();
    }

    void atomics() throws Exception {
        Thread t = new Thread(() -> counter.incrementAndGet(), "incrementer");
        t.start();
        counter.addAndGet(10);
        t.join();
        ready = counter.get() == 16;
    }

    void staticInit() throws Exception {
        Thread t = new Thread(() -> {
            int v = Late.value;
        }, "reader");
        t.start();
        t.join();
    }

    void copy() throws Exception {
        int[] src = {1, 2, 3};
        int[] dst = new int[3];
        System.arraycopy(src, 0, dst, 0, 3);
        Thread t = new Thread(() -> {
            int v = dst[1];
        }, "copier");
        t.start();
        t.join();
    }

    void finalStatic() throws Exception {
        Thread a = new Thread(() -> {
            int first = Table.VALUES[0]; // initialises Table
        }, "initialiser");
        Thread b = new Thread(() -> {
            try {
                while (a.isAlive()) { // the agent models no order from isAlive
                    Thread.sleep(5);
                }
            } catch (InterruptedException e) {
                return;
            }
            int v = Table.VALUES[1];
        }, "tabler");
        a.start();
        b.start();
        a.join();
        b.join();
    }

    /** A final static (not recorded) that its initialiser fills. */
    static class Table {
        static final int[] VALUES = {10, 20, 30};
    }

    static class Late {
        static int value = initialised + 1;
    }
}
