package gpredict.rt;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Initial values of variables, and the order class initialisation gives.
 *
 * <p>A variable's first recorded access writes its {@code init}
 * directive: the value a first read returned (written there by code that
 * is not instrumented, or the default), or the type's default value when
 * the first access is a write (a field starts as 0, false, 0.0 or null).
 * The trace's own default is 0, so {@code init x 0} is not written.
 *
 * <p>The JVM runs a class's static initialiser before any other thread
 * uses the class. A thread's first access to a static field of a class
 * whose initialiser logged events on another thread follows (hb) the
 * initialiser's last event.
 */
final class Statics {
    private Statics() {}

    /** Class (dotted) → id of the last event of its static initialiser. */
    private static final ConcurrentHashMap<String, String> initialisedBy = new ConcurrentHashMap<>();

    static void initialised(ThreadRec t, String owner) {
        String id = t.lastId();
        if (id != null) {
            initialisedBy.put(owner, id);
        }
    }

    /**
     * A static access of owner by t: the first one after owner's
     * initialiser ran on another thread follows it. Called after a read
     * (the access initialised the class) and before a write (which may
     * still initialise it): a class without a recorded initialiser is
     * marked done only after a read.
     */
    static void ordered(ThreadRec t, String owner, boolean afterAccess) {
        if (initialisedBy.isEmpty() || t.inited.contains(owner)) {
            return;
        }
        String id = initialisedBy.get(owner);
        if (id != null || afterAccess) {
            t.inited.add(owner);
            t.after(id);
        }
    }

    static void declareVar(ThreadRec t, String var, String init, boolean vol) {
        if (!init.equals("0")) {
            t.directive("init " + var + " " + init);
        }
        if (vol) {
            t.directive("volatile " + var);
        }
    }

    /** The default value of a field or element of descriptor type c. */
    static String zero(char c) {
        switch (c) {
            case 'Z':
                return "false";
            case 'F':
            case 'D':
                return "0.0";
            case 'L':
            case '[':
                return "null";
            default:
                return "0";
        }
    }

    static char elemType(Object a) {
        Class<?> c = a.getClass().getComponentType();
        if (c == null || !c.isPrimitive()) {
            return 'L';
        }
        if (c == boolean.class) return 'Z';
        if (c == float.class) return 'F';
        if (c == double.class) return 'D';
        return 'I';
    }
}
