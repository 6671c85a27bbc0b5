package gpredict.rt;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The orders that the JDK's concurrency utilities guarantee and the
 * events alone do not show, as hb facts (docs/recording-java.md lists
 * them with the guarantee each one states):
 *
 * <ul>
 * <li>Thread.start → fork, Thread.join → join;
 * <li>an executor task runs after its submission, and Future.get returns
 * after the task (Task);
 * <li>CountDownLatch.await returns after the countDown calls, and
 * Semaphore.acquire after the releases, logged before it (the last one of
 * each thread: program order covers the earlier ones);
 * <li>an element taken from (or seen at the head of) a concurrent queue
 * was put there before;
 * <li>CompletableFuture.get/join after the complete that completed it.
 * </ul>
 *
 * A hand-off's source is an event: the call's enter when a property
 * matches it, else a call event logged for it. State per object lives in
 * its name entry (Names.Entry.extra), under the entry's monitor.
 */
final class Handoffs {
    private Handoffs() {}

    static void start(ThreadRec t, Thread child, String loc) {
        if (child.getState() != Thread.State.NEW) {
            return; // start throws: a thread starts once
        }
        String name = Threads.nameOf(child);
        t.s.setLength(0);
        t.s.append("fork ").append(name).append(" @").append(loc);
        t.event();
        t.directive("# forked-by " + t.lastId() + " " + name);
    }

    /** The shutdown hooks the program registered (Runtime.addShutdownHook), and those not yet forked. */
    private static final List<Thread> hooks = new ArrayList<>(), unforked = new ArrayList<>();

    static void hook(Thread h) {
        synchronized (hooks) {
            hooks.add(h);
            unforked.add(h);
        }
    }

    /**
     * A thread that logs its first event without having been forked. If
     * it is a shutdown hook, the JVM started it because the last
     * non-daemon thread ended (System.exit forks the hooks): every thread
     * that has ended by now ended before it, so its first event follows
     * their last events.
     */
    static void started(ThreadRec t) {
        boolean hook;
        synchronized (hooks) {
            hook = hooks.contains(t.thread);
        }
        if (hook) {
            for (String id : Rec.lastOfEnded(t)) {
                t.after(id);
            }
        }
    }

    /**
     * System.exit (Runtime.exit) starts the shutdown hooks: each is forked
     * by the exiting thread, before the exit (the hooks' events come after
     * everything the thread did). Hooks that run when the last thread ends
     * are not forked by anyone.
     */
    static void exit(ThreadRec t, String loc) {
        Thread[] all;
        synchronized (hooks) {
            all = unforked.toArray(new Thread[0]);
            unforked.clear();
        }
        for (Thread h : all) {
            start(t, h, loc);
        }
    }

    static void join(ThreadRec t, Thread child, String loc) {
        if (child.isAlive() || !Threads.named(child)) {
            return; // timed out, or a thread that never logged: nothing to wait for
        }
        t.s.setLength(0);
        t.s.append("join ").append(Threads.nameOf(child)).append(" @").append(loc);
        t.event();
    }

    /** The event a hand-off starts from: the property enter just logged, or a call event. */
    private static String source(ThreadRec t, Site s, Object recv, Object[] args) {
        if ((s.call & Calls.PROP) != 0) {
            return t.lastId();
        }
        return Invocations.call(t, s.sig, s.hasTarget ? Names.value(t, recv) : null, Invocations.args(t, args), null,
                s.loc);
    }

    /** Wraps the task (args[0]) of an executor or async call. */
    static void submit(ThreadRec t, Site s, Object recv, Object[] args) {
        if (args == null || args.length == 0 || args[0] == null) {
            return;
        }
        String from = source(t, s, recv, args);
        if ((s.call & 0xff) == Calls.INVOKEALL) {
            List<Task> tasks = new ArrayList<>();
            for (Object task : (Collection<?>) args[0]) {
                tasks.add(new Task(task, from, s.loc));
            }
            args[0] = tasks;
        } else if (!(args[0] instanceof Task)) {
            args[0] = new Task(args[0], from, s.loc);
        }
    }

    /** Remembers which task a returned Future (or CompletableFuture) stands for. */
    static void submitted(ThreadRec t, Object recv, Object[] args, Object result) {
        if (result == null || args == null || args.length == 0 || !(args[0] instanceof Task)) {
            return;
        }
        Names.Entry e = Names.entry(t, result);
        synchronized (e) {
            e.extra = args[0];
        }
    }

    /** CompletableFuture.complete, CountDownLatch.countDown, Semaphore.release: a source. */
    @SuppressWarnings("unchecked")
    static void signal(ThreadRec t, Site s, Object recv, Object[] args) {
        String from = source(t, s, recv, args);
        if (from == null) {
            return;
        }
        Names.Entry e = Names.entry(t, recv);
        synchronized (e) {
            if ((s.call & 0xff) == Calls.CF_COMPLETE) {
                // complete returns false when another completion won; the
                // first source is what a get waited for.
                if (e.extra == null) {
                    e.extra = from;
                }
                return;
            }
            if (!(e.extra instanceof Map)) {
                e.extra = new HashMap<String, String>();
            }
            ((Map<String, String>) e.extra).put(t.name, from);
        }
    }

    /** A call that returns after its sources: hb facts from them; whether it needs its own event. */
    @SuppressWarnings("unchecked")
    static boolean received(ThreadRec t, Site s, Object recv, Object[] args, Object result) {
        int op = s.call & 0xff;
        if (op == Calls.INVOKEALL) {
            boolean any = false;
            for (Object task : (Collection<?>) args[0]) {
                if (task instanceof Task) {
                    t.after(((Task) task).done);
                    any = true;
                }
            }
            return any;
        }
        if (result instanceof Boolean && !(Boolean) result) {
            return false; // a timed await or tryAcquire that failed
        }
        Names.Entry e = Names.entry(t, recv);
        List<String> from = new ArrayList<>();
        synchronized (e) {
            if (e.extra instanceof Task) {
                from.add(((Task) e.extra).done);
            } else if (e.extra instanceof String) {
                from.add((String) e.extra);
            } else if (e.extra instanceof Map) {
                from.addAll(((Map<String, String>) e.extra).values());
            }
        }
        boolean any = false;
        for (String id : from) {
            if (id != null && !t.ownId(id)) {
                t.after(id);
                any = true;
            }
        }
        return any;
    }

    /** Queues whose insertions happen before the removal of the element (java.util.concurrent). */
    private static boolean concurrentQueue(Object q) {
        return q instanceof BlockingQueue || q instanceof ConcurrentLinkedQueue || q instanceof ConcurrentLinkedDeque;
    }

    @SuppressWarnings("unchecked")
    static void put(ThreadRec t, Site s, Object recv, Object[] args) {
        if (!concurrentQueue(recv) || args == null || args.length == 0 || args[0] == null) {
            return;
        }
        String from = source(t, s, recv, args);
        if (from == null) {
            return;
        }
        Names.Entry e = Names.entry(t, recv);
        synchronized (e) {
            if (e.extra == null) {
                e.extra = new IdentityHashMap<Object, ArrayDeque<String>>();
            }
            ((IdentityHashMap<Object, ArrayDeque<String>>) e.extra).computeIfAbsent(args[0], k -> new ArrayDeque<>())
                    .addLast(from);
        }
    }

    /**
     * An element taken (or peeked at): it follows the oldest insertion of
     * that element not yet taken. The oldest one happened before whichever
     * insertion the program's removal saw.
     */
    @SuppressWarnings("unchecked")
    static boolean take(ThreadRec t, Site s, Object recv, Object result) {
        if (result == null || !concurrentQueue(recv)) {
            return false;
        }
        Names.Entry e = Names.entry(t, recv);
        String from = null;
        synchronized (e) {
            if (e.extra instanceof IdentityHashMap) {
                IdentityHashMap<Object, ArrayDeque<String>> m = (IdentityHashMap<Object, ArrayDeque<String>>) e.extra;
                ArrayDeque<String> q = m.get(result);
                if (q != null) {
                    if ((s.call & 0xff) == Calls.QUEUE_PEEK) {
                        from = q.peekFirst();
                    } else {
                        from = q.pollFirst();
                        if (q.isEmpty()) {
                            m.remove(result);
                        }
                    }
                }
            }
        }
        if (from == null || t.ownId(from)) {
            return false;
        }
        t.after(from);
        return true;
    }
}
