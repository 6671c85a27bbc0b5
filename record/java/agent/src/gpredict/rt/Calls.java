package gpredict.rt;

/**
 * The calls the instrumenter routes through a trampoline (a static method
 * it adds to the calling class: see the agent's Trampolines), and what
 * the runtime logs around each. A site's call field holds one operation
 * (the low byte) and flags:
 *
 * <ul>
 * <li>PROP: the call may match a property's pointcut: enter before it,
 * with target and arguments, exit after it, with the result;
 * <li>MONITOR: a synchronized method of the JDK; the trampoline holds the
 * receiver's monitor around the call, so that the acquire and release
 * logged here are where the JDK's own are;
 * <li>ATOMIC: an atomic region (--atomic) around the call;
 * <li>SERIAL: the trampoline holds the receiver's monitor around the call
 * and its events, without logging it, so that the events of the calls on
 * one object are logged in the order the calls happened (atomic
 * variables: Atomics).
 * </ul>
 *
 * The trampoline calls before(), then the method, then after(), or
 * thrown() if the method threw. Events inside the call (a lock taken, a
 * wait) are logged before the exit; the hb facts a call receives go to
 * its exit, or to a call event logged after it returns.
 */
public final class Calls {
    private Calls() {}

    public static final int PROP = 1 << 8, MONITOR = 1 << 9, ATOMIC = 1 << 10, SERIAL = 1 << 11;

    public static final int WAIT = 1, NOTIFY = 2, NOTIFYALL = 3, START = 4, JOIN = 5, LOCK = 6, TRYLOCK = 7,
            UNLOCK = 8, AWAIT = 9, SIGNAL = 10, SIGNALALL = 11, EXECUTE = 12, INVOKEALL = 13, FUTURE_GET = 14,
            CF_ASYNC = 15, CF_COMPLETE = 16, LATCH_DOWN = 17, LATCH_AWAIT = 18, QUEUE_PUT = 19, QUEUE_TAKE = 20,
            QUEUE_PEEK = 21, ATOMIC_VAR = 22, SBUF = 23, SEM_RELEASE = 24, SEM_ACQUIRE = 25, ARRAYCOPY = 26,
            HOOK = 27, EXIT = 28;

    public static void before(Object recv, Object[] args, int site) {
        ThreadRec t = R.enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            int c = s.call;
            if ((c & MONITOR) != 0) {
                Locks.acquire(t, Names.obj(t, recv), false, s.loc);
            }
            if ((c & ATOMIC) != 0) {
                t.s.setLength(0);
                t.s.append("enter atomic() @").append(s.loc);
                t.event();
                t.open.add("atomic()");
            }
            if ((c & PROP) != 0) {
                Invocations.enter(t, s.sig, s.hasTarget ? Names.value(t, recv) : null, Invocations.args(t, args),
                        s.loc);
            }
            switch (c & 0xff) {
                case WAIT: {
                    String l = Names.obj(t, recv);
                    Locks.waitStart(t, l, l, untimed(args), s.loc);
                    break;
                }
                case AWAIT: {
                    String l = Locks.conditionLock(recv);
                    if (l != null) {
                        Locks.waitStart(t, l, Names.obj(t, recv), untimedAwait(s, args), s.loc);
                    }
                    break;
                }
                case START:
                    Handoffs.start(t, (Thread) recv, s.loc);
                    break;
                case UNLOCK: {
                    Locks.Named l = Locks.of(t, recv);
                    if (l != null) {
                        Locks.release(t, l.name, l.shared, s.loc);
                    }
                    break;
                }
                case EXECUTE:
                case INVOKEALL:
                case CF_ASYNC:
                    Handoffs.submit(t, s, recv, args);
                    break;
                case CF_COMPLETE:
                case LATCH_DOWN:
                case SEM_RELEASE:
                    Handoffs.signal(t, s, recv, args);
                    break;
                case QUEUE_PUT:
                    Handoffs.put(t, s, recv, args);
                    break;
                case ATOMIC_VAR:
                    Atomics.before(t, s, recv, args);
                    break;
                case EXIT:
                    Handoffs.exit(t, s.loc);
                    break;
                case SBUF:
                    Buffers.before(t, s, recv, args);
                    break;
                default:
            }
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            R.leave(t);
        }
    }

    public static void after(Object recv, Object[] args, Object result, int site) {
        ThreadRec t = R.enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            int c = s.call;
            // sink: the call receives hb facts and needs an event after it
            // returns to carry them (its exit, or a call event).
            boolean sink = false;
            switch (c & 0xff) {
                case WAIT:
                    Locks.waitEnd(t, Names.obj(t, recv), untimed(args), s.loc);
                    break;
                case NOTIFY:
                case NOTIFYALL:
                    Locks.notify(t, Names.obj(t, recv), (c & 0xff) == NOTIFYALL, s.loc);
                    break;
                case JOIN:
                    Handoffs.join(t, (Thread) recv, s.loc);
                    break;
                case LOCK:
                case TRYLOCK: {
                    if ((c & 0xff) == TRYLOCK && !Boolean.TRUE.equals(result)) {
                        break;
                    }
                    Locks.Named l = Locks.of(t, recv);
                    if (l != null) {
                        Locks.acquire(t, l.name, l.shared, s.loc);
                    }
                    break;
                }
                case AWAIT: {
                    String l = Locks.conditionLock(recv);
                    if (l != null) {
                        Locks.waitEnd(t, l, untimedAwait(s, args), s.loc);
                    }
                    break;
                }
                case SIGNAL:
                case SIGNALALL:
                    if (Locks.conditionLock(recv) != null) {
                        Locks.notify(t, Names.obj(t, recv), (c & 0xff) == SIGNALALL, s.loc);
                    }
                    break;
                case EXECUTE:
                case CF_ASYNC:
                    Handoffs.submitted(t, recv, args, result);
                    break;
                case INVOKEALL:
                case FUTURE_GET:
                case LATCH_AWAIT:
                case SEM_ACQUIRE:
                    sink = Handoffs.received(t, s, recv, args, result);
                    break;
                case QUEUE_TAKE:
                case QUEUE_PEEK:
                    sink = Handoffs.take(t, s, recv, result);
                    break;
                case ATOMIC_VAR:
                    Atomics.after(t, s, recv, args, result);
                    break;
                case SBUF:
                    Buffers.after(t, s, recv);
                    break;
                case ARRAYCOPY:
                    arraycopy(t, s, args);
                    break;
                case HOOK:
                    Handoffs.hook((Thread) args[0]);
                    break;
                default:
            }
            if ((c & PROP) != 0) {
                Invocations.exit(t, s.sig, s.sig.startsWith("void ") ? null : Names.value(t, result), s.loc);
            } else if (sink) {
                Invocations.call(t, s.sig, s.hasTarget ? Names.value(t, recv) : null, Invocations.args(t, args),
                        s.sig.startsWith("void ") ? null : Names.value(t, result), s.loc);
            }
            close(t, s, recv);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            R.leave(t);
        }
    }

    public static void thrown(Object recv, Object[] args, Throwable ex, int site) {
        ThreadRec t = R.enter();
        if (t == null) return;
        try {
            Site s = Site.get(site);
            int c = s.call;
            // Interrupted: the lock was taken back before the exception. An
            // untimed wait logged a wait, which the model ends only with a
            // notify: the thread's later events are then out of its reach
            // (lossy, never wrong).
            switch (c & 0xff) {
                case WAIT:
                    Locks.waitEnd(t, Names.obj(t, recv), untimed(args), s.loc);
                    break;
                case AWAIT: {
                    String l = Locks.conditionLock(recv);
                    if (l != null) {
                        Locks.waitEnd(t, l, untimedAwait(s, args), s.loc);
                    }
                    break;
                }
                default:
            }
            if ((c & PROP) != 0) {
                Invocations.exit(t, s.sig, null, s.loc);
            }
            close(t, s, recv);
        } catch (Throwable e) {
            Rec.fail(e);
        } finally {
            R.leave(t);
        }
    }

    /** Ends the atomic region and the monitor hold that before() began. */
    private static void close(ThreadRec t, Site s, Object recv) {
        if ((s.call & ATOMIC) != 0) {
            Invocations.exit(t, "atomic()", null, s.loc);
        }
        if ((s.call & MONITOR) != 0) {
            Locks.release(t, Names.obj(t, recv), false, s.loc);
        }
    }

    /** Elements of one System.arraycopy logged as writes; the rest are not. */
    static final int MAX_COPY = 256;

    /**
     * System.arraycopy(src, sp, dst, dp, n) writes dst's elements in the
     * JDK: their new values are logged as writes (of at most MAX_COPY
     * elements), so that later reads of them read a logged write.
     */
    private static void arraycopy(ThreadRec t, Site s, Object[] args) {
        Object dst = args[2];
        int dp = (Integer) args[3], n = Math.min((Integer) args[4], MAX_COPY);
        for (int k = 0; k < n; k++) {
            Object v = java.lang.reflect.Array.get(dst, dp + k);
            R.element(t, s, dst, dp + k, true, v instanceof Character ? Integer.toString((Character) v) : Names.value(t, v));
        }
    }

    /** Whether a Condition's await has no time-out. */
    private static boolean untimedAwait(Site s, Object[] args) {
        return s.name.equals("await") && (args == null || args.length == 0) || s.name.equals("awaitUninterruptibly");
    }

    /** Whether Object.wait was called without a time-out (wait() or wait(0)). */
    private static boolean untimed(Object[] args) {
        if (args == null || args.length == 0) {
            return true;
        }
        return args[0] instanceof Long && (Long) args[0] == 0L && (args.length < 2 || Integer.valueOf(0).equals(args[1]));
    }
}
