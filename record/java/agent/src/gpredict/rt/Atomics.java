package gpredict.rt;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * AtomicInteger, AtomicLong, AtomicBoolean and AtomicReference as one
 * volatile variable each, {@code NAME.value}: what an operation read and
 * wrote, from its arguments and result (as Go's sync/atomic are recorded).
 * A failed compareAndSet reads a value the result does not tell, and is
 * left out; updateAndGet and accumulateAndGet log only their write,
 * getAndUpdate and getAndAccumulate only their read (the function's other
 * value is not returned). The trampolines of these calls hold the
 * object's monitor around the call and its events (Calls.SERIAL), so that
 * the operations on one variable are logged in the order they happened,
 * and the first one logged is the first one made (it declares the
 * variable's initial value). Code that is not instrumented (the JDK's own
 * use of an atomic) does not take that monitor.
 */
final class Atomics {
    private Atomics() {}

    static void before(ThreadRec t, Site s, Object recv, Object[] args) {
        switch (s.name) {
            case "set":
            case "lazySet":
            case "setPlain":
            case "setOpaque":
            case "setRelease":
                access(t, s, recv, true, Names.value(t, args[0]));
                break;
            default:
        }
    }

    static void after(ThreadRec t, Site s, Object recv, Object[] args, Object result) {
        switch (s.name) {
            case "get":
            case "getPlain":
            case "getOpaque":
            case "getAcquire":
            case "intValue":
            case "longValue":
            case "getAndUpdate":
            case "getAndAccumulate":
                access(t, s, recv, false, Names.value(t, result));
                break;
            case "updateAndGet":
            case "accumulateAndGet":
                access(t, s, recv, true, Names.value(t, result));
                break;
            case "getAndSet":
                access(t, s, recv, false, Names.value(t, result));
                access(t, s, recv, true, Names.value(t, args[0]));
                break;
            case "compareAndSet":
            case "weakCompareAndSet":
            case "weakCompareAndSetPlain":
            case "weakCompareAndSetVolatile":
            case "weakCompareAndSetAcquire":
            case "weakCompareAndSetRelease":
                if (Boolean.TRUE.equals(result)) {
                    access(t, s, recv, false, Names.value(t, args[0]));
                    access(t, s, recv, true, Names.value(t, args[1]));
                }
                break;
            case "incrementAndGet":
                rmw(t, s, recv, result, -1, 0);
                break;
            case "decrementAndGet":
                rmw(t, s, recv, result, 1, 0);
                break;
            case "getAndIncrement":
                rmw(t, s, recv, result, 0, 1);
                break;
            case "getAndDecrement":
                rmw(t, s, recv, result, 0, -1);
                break;
            case "addAndGet":
                rmw(t, s, recv, result, -delta(args), 0);
                break;
            case "getAndAdd":
                rmw(t, s, recv, result, 0, delta(args));
                break;
            default:
        }
    }

    private static long delta(Object[] args) {
        return ((Number) args[0]).longValue();
    }

    /** An arithmetic update: it read result+readOff and wrote result+writeOff. */
    private static void rmw(ThreadRec t, Site s, Object recv, Object result, long readOff, long writeOff) {
        long r = ((Number) result).longValue();
        boolean wide = recv instanceof AtomicLong;
        access(t, s, recv, false, num(r + readOff, wide));
        access(t, s, recv, true, num(r + writeOff, wide));
    }

    private static String num(long v, boolean wide) {
        return wide ? Long.toString(v) : Integer.toString((int) v);
    }

    private static void access(ThreadRec t, Site s, Object recv, boolean write, String v) {
        Names.Entry e = Names.entry(t, recv);
        String var = e.name + ".value";
        if (Names.firstField(e, "value")) {
            String init = write ? (recv instanceof AtomicBoolean ? "false" : recv instanceof AtomicLong
                    || recv instanceof java.util.concurrent.atomic.AtomicInteger ? "0" : "null") : v;
            Statics.declareVar(t, var, init, true);
        }
        R.access(t, write, var, v, s.loc);
    }
}
