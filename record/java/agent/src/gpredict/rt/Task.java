package gpredict.rt;

import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * A task handed to an executor (or to CompletableFuture.supplyAsync /
 * runAsync), wrapped by the trampoline of the submitting call. When it
 * runs, on whichever thread, its events sit between
 * {@code enter void java.lang.Runnable.run() target=TASK} (or Callable.call,
 * Supplier.get) and the matching exit; the enter follows the submission
 * (hb), and a Future.get that returns after the task follows its exit.
 * The wrapper implements the three interfaces so that it fits any
 * parameter the task was passed as; the executor calls the one the
 * program's task implements.
 */
public final class Task implements Runnable, Callable<Object>, Supplier<Object> {
    private final Object task;
    private final String from;
    private final String loc;
    /** The id of the exit event of the task's last run. */
    volatile String done;

    Task(Object task, String from, String loc) {
        this.task = task;
        this.from = from;
        this.loc = loc;
    }

    @Override
    public void run() {
        String sig = begin("void java.lang.Runnable.run()");
        try {
            ((Runnable) task).run();
        } finally {
            end(sig);
        }
    }

    @Override
    public Object call() throws Exception {
        String sig = begin("java.lang.Object java.util.concurrent.Callable.call()");
        try {
            return ((Callable<?>) task).call();
        } finally {
            end(sig);
        }
    }

    @Override
    public Object get() {
        String sig = begin("java.lang.Object java.util.function.Supplier.get()");
        try {
            return ((Supplier<?>) task).get();
        } finally {
            end(sig);
        }
    }

    private String begin(String sig) {
        ThreadRec t = R.enter();
        if (t == null) {
            return null;
        }
        try {
            t.after(from);
            Invocations.enter(t, sig, Names.value(t, task), null, loc);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            R.leave(t);
        }
        return sig;
    }

    private void end(String sig) {
        if (sig == null) {
            return;
        }
        ThreadRec t = R.enter();
        if (t == null) {
            return;
        }
        try {
            Invocations.exit(t, sig, null, loc);
            done = t.lastId();
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            R.leave(t);
        }
    }
}
