package gpredict.agent;

import gpredict.rt.Calls;

import org.objectweb.asm.Opcodes;

/**
 * Which calls of the program are synchronisation or hand-offs of the JDK
 * (Calls' operations), decided from the call's declaring class (by the
 * hierarchy: a call through a subclass or an interface counts), name and
 * descriptor. The runtime checks the receiver's class again where the
 * static type is not enough (a Queue that is a BlockingQueue, a Lock that
 * is a ReentrantLock).
 */
final class Classify {
    private final Hierarchy h;

    Classify(Hierarchy h) {
        this.h = h;
    }

    private static final String TU = "Ljava/util/concurrent/TimeUnit;";

    /** The operation of a call (0: none) plus MONITOR for a synchronized JDK method. */
    int call(String owner, String name, String desc, boolean isStatic, ClassLoader loader) {
        if (owner.startsWith("[")) {
            return 0;
        }
        int op = isStatic ? staticOp(owner, name) : op(owner, name, desc, loader);
        if (isStatic || (op != 0 && op != Calls.SBUF)) {
            return op;
        }
        Hierarchy.Member m = h.method(owner, name, desc, loader);
        if (m != null && (m.access & Opcodes.ACC_SYNCHRONIZED) != 0 && Transformer.jdk(m.owner)) {
            op |= Calls.MONITOR;
        }
        return op;
    }

    private static int staticOp(String owner, String name) {
        if (owner.equals("java/util/concurrent/CompletableFuture") && (name.equals("supplyAsync") || name.equals("runAsync"))) {
            return Calls.CF_ASYNC;
        }
        if (owner.equals("java/lang/System") && name.equals("arraycopy")) {
            return Calls.ARRAYCOPY;
        }
        if (owner.equals("java/lang/System") && name.equals("exit")) {
            return Calls.EXIT;
        }
        return 0;
    }

    private boolean sub(String owner, String type, ClassLoader loader) {
        return h.isSubtype(owner, type, loader);
    }

    private int op(String owner, String name, String desc, ClassLoader loader) {
        switch (name) {
            case "wait":
                if (desc.equals("()V") || desc.equals("(J)V") || desc.equals("(JI)V")) return Calls.WAIT;
                break;
            case "notify":
                if (desc.equals("()V")) return Calls.NOTIFY;
                break;
            case "notifyAll":
                if (desc.equals("()V")) return Calls.NOTIFYALL;
                break;
            default:
        }
        if (owner.equals("java/lang/StringBuffer")) {
            return Calls.SBUF;
        }
        if (owner.equals("java/lang/Runtime")) {
            if (name.equals("addShutdownHook")) return Calls.HOOK;
            if (name.equals("exit")) return Calls.EXIT;
            return 0;
        }
        if (owner.startsWith("java/util/concurrent/atomic/Atomic") && atomicClass(owner)) {
            return Calls.ATOMIC_VAR | Calls.SERIAL;
        }
        if (sub(owner, "java/lang/Thread", loader)) {
            if (name.equals("start") && desc.equals("()V")) return Calls.START;
            if (name.equals("join") && (desc.equals("()V") || desc.equals("(J)V") || desc.equals("(JI)V"))) return Calls.JOIN;
            return 0;
        }
        if (sub(owner, "java/util/concurrent/locks/Lock", loader)) {
            switch (name + desc) {
                case "lock()V":
                case "lockInterruptibly()V":
                    return Calls.LOCK;
                case "tryLock()Z":
                case "tryLock(J" + TU + ")Z":
                    return Calls.TRYLOCK;
                case "unlock()V":
                    return Calls.UNLOCK;
                default:
                    return 0;
            }
        }
        if (sub(owner, "java/util/concurrent/locks/Condition", loader)) {
            switch (name) {
                case "await":
                case "awaitNanos":
                case "awaitUninterruptibly":
                case "awaitUntil":
                    return Calls.AWAIT;
                case "signal":
                    return Calls.SIGNAL;
                case "signalAll":
                    return Calls.SIGNALALL;
                default:
                    return 0;
            }
        }
        if (sub(owner, "java/util/concurrent/Executor", loader)) {
            switch (name) {
                case "execute":
                case "submit":
                case "schedule":
                case "scheduleAtFixedRate":
                case "scheduleWithFixedDelay":
                    return desc.startsWith("(Ljava/lang/Runnable;") || desc.startsWith("(Ljava/util/concurrent/Callable;")
                            ? Calls.EXECUTE : 0;
                case "invokeAll":
                    return Calls.INVOKEALL;
                default:
                    return 0;
            }
        }
        if (sub(owner, "java/util/concurrent/Future", loader)) {
            if (name.equals("get") && (desc.equals("()Ljava/lang/Object;") || desc.equals("(J" + TU + ")Ljava/lang/Object;"))) {
                return Calls.FUTURE_GET;
            }
            if (sub(owner, "java/util/concurrent/CompletableFuture", loader)) {
                if (name.equals("join") && desc.equals("()Ljava/lang/Object;")) return Calls.FUTURE_GET;
                if (name.equals("complete") && desc.equals("(Ljava/lang/Object;)Z")) return Calls.CF_COMPLETE;
            }
            return 0;
        }
        if (sub(owner, "java/util/concurrent/CountDownLatch", loader)) {
            if (name.equals("countDown")) return Calls.LATCH_DOWN;
            if (name.equals("await")) return Calls.LATCH_AWAIT;
            return 0;
        }
        if (sub(owner, "java/util/concurrent/Semaphore", loader)) {
            if (name.equals("release")) return Calls.SEM_RELEASE;
            if (name.startsWith("acquire") || name.equals("tryAcquire")) return Calls.SEM_ACQUIRE;
            return 0;
        }
        if (sub(owner, "java/util/Queue", loader)) {
            switch (name) {
                case "put":
                case "offer":
                case "add":
                case "addFirst":
                case "addLast":
                case "offerFirst":
                case "offerLast":
                case "push":
                case "putFirst":
                case "putLast":
                case "transfer":
                case "tryTransfer":
                    return desc.startsWith("(Ljava/lang/Object;") ? Calls.QUEUE_PUT : 0;
                case "take":
                case "poll":
                case "remove":
                case "pollFirst":
                case "pollLast":
                case "takeFirst":
                case "takeLast":
                case "removeFirst":
                case "removeLast":
                case "pop":
                    return desc.startsWith("()") || desc.startsWith("(J") ? Calls.QUEUE_TAKE : 0;
                case "peek":
                case "element":
                case "peekFirst":
                case "peekLast":
                case "getFirst":
                case "getLast":
                    return desc.startsWith("()") ? Calls.QUEUE_PEEK : 0;
                default:
                    return 0;
            }
        }
        return 0;
    }

    private static boolean atomicClass(String owner) {
        switch (owner) {
            case "java/util/concurrent/atomic/AtomicInteger":
            case "java/util/concurrent/atomic/AtomicLong":
            case "java/util/concurrent/atomic/AtomicBoolean":
            case "java/util/concurrent/atomic/AtomicReference":
                return true;
            default:
                return false;
        }
    }
}
