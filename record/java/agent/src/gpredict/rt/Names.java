package gpredict.rt;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Names of objects and renderings of values.
 *
 * <p>An object is named when a value or an access first shows it, after
 * its class and an ordinal: {@code Account@3} is the third Account the run
 * named. Names belong to the object's identity, never to its equals or
 * hashCode (which would run application code); the table holds objects
 * weakly, and ordinals are never reused, so two objects never share a
 * name. The first naming also writes {@code object NAME : CLASS} and the
 * {@code type} directives of the class, so that type patterns and typed
 * parameters of properties can tell objects apart (docs/matching.md).
 *
 * <p>Values: null is {@code null}; primitives by value (booleans
 * true/false, chars by code); strings and boxed primitives by value too,
 * since they are immutable and compared by equals (map keys, SQL text);
 * other objects by identity.
 */
final class Names {
    private Names() {}

    /** One named object: its name and the variables of it seen so far. */
    static final class Entry extends WeakReference<Object> {
        final int hash;
        final String name;
        Entry next;
        /** Elements accessed so far (arrays). */
        BitSet seen;
        /** Names of the fields accessed so far, replaced on each addition. */
        volatile String[] fields;
        /** What the hand-off models keep about the object (Handoffs), under its monitor. */
        Object extra;

        Entry(Object o, int hash, String name, ReferenceQueue<Object> q) {
            super(o, q);
            this.hash = hash;
            this.name = name;
        }
    }

    /** A stripe of the identity table: chained buckets, weak keys. */
    private static final class Stripe {
        Entry[] tab = new Entry[64];
        int size;
        final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    }

    private static final int STRIPES = 64;
    private static final Stripe[] stripes = new Stripe[STRIPES];

    static {
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    private static final Map<String, int[]> ordinals = new HashMap<>();
    private static final Set<Class<?>> typed = new HashSet<>();
    private static final Set<String> staticSeen = new HashSet<>();

    /** The entry of object o (not null), naming it if it is new. */
    static Entry entry(ThreadRec t, Object o) {
        int h = System.identityHashCode(o);
        int c = h & 255;
        if (t.cacheObj[c] == o) {
            return t.cacheEnt[c];
        }
        return lookup(t, o, h, null);
    }

    /**
     * The name of an internal object the program never sees as a value
     * (the synchroniser behind a lock): name if it has none yet, and no
     * object directive.
     */
    static String alias(ThreadRec t, Object o, String name) {
        return lookup(t, o, System.identityHashCode(o), name).name;
    }

    /** The name of o if it has one, else null. */
    static String known(Object o) {
        int h = System.identityHashCode(o);
        Stripe st = stripes[(h >>> 8) & (STRIPES - 1)];
        synchronized (st) {
            Entry[] tab = st.tab;
            for (Entry e = tab[(h ^ (h >>> 16)) & (tab.length - 1)]; e != null; e = e.next) {
                if (e.hash == h && e.get() == o) {
                    return e.name;
                }
            }
        }
        return null;
    }

    /** A fresh name with the given class part, for an alias. */
    static String fresh(String base) {
        int k;
        synchronized (ordinals) {
            int[] c = ordinals.computeIfAbsent(base, x -> new int[1]);
            k = ++c[0];
        }
        return base + "@" + k;
    }

    private static Entry lookup(ThreadRec t, Object o, int h, String aliasName) {
        int c = h & 255;
        Stripe st = stripes[(h >>> 8) & (STRIPES - 1)];
        Entry e;
        boolean fresh = false;
        synchronized (st) {
            expunge(st);
            Entry[] tab = st.tab;
            int i = (h ^ (h >>> 16)) & (tab.length - 1);
            for (e = tab[i]; e != null; e = e.next) {
                if (e.hash == h && e.get() == o) {
                    break;
                }
            }
            if (e == null) {
                e = new Entry(o, h, aliasName != null ? aliasName : fresh(simpleName(o.getClass())), st.queue);
                e.next = tab[i];
                tab[i] = e;
                if (++st.size > tab.length * 2) {
                    grow(st);
                }
                fresh = true;
            }
        }
        t.cacheObj[c] = o;
        t.cacheEnt[c] = e;
        if (fresh && aliasName == null) {
            declare(t, e.name, o.getClass());
        }
        return e;
    }

    private static void expunge(Stripe st) {
        for (Object r; (r = st.queue.poll()) != null; ) {
            Entry dead = (Entry) r;
            Entry[] tab = st.tab;
            int i = (dead.hash ^ (dead.hash >>> 16)) & (tab.length - 1);
            for (Entry p = null, e = tab[i]; e != null; p = e, e = e.next) {
                if (e == dead) {
                    if (p == null) {
                        tab[i] = e.next;
                    } else {
                        p.next = e.next;
                    }
                    st.size--;
                    break;
                }
            }
        }
    }

    private static void grow(Stripe st) {
        Entry[] old = st.tab;
        Entry[] tab = new Entry[old.length * 2];
        for (Entry head : old) {
            for (Entry e = head; e != null; ) {
                Entry next = e.next;
                int i = (e.hash ^ (e.hash >>> 16)) & (tab.length - 1);
                e.next = tab[i];
                tab[i] = e;
                e = next;
            }
        }
        st.tab = tab;
    }

    /** The name of o as a value (null for null). */
    static String obj(ThreadRec t, Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof Class) {
            return typeName((Class<?>) o) + ".class"; // the lock of static synchronized methods
        }
        return entry(t, o).name;
    }

    /** Writes the object and type directives of a newly named object. */
    private static void declare(ThreadRec t, String name, Class<?> c) {
        t.directive("object " + name + " : " + typeName(c));
        declareType(t, c);
    }

    /**
     * Writes {@code type C : S1 S2 …} for c and its supertypes, once per
     * class, so that {@code T+} patterns see the program's own hierarchy.
     */
    static void declareType(ThreadRec t, Class<?> c) {
        while (c != null && c != Object.class) {
            synchronized (typed) {
                if (!typed.add(c)) {
                    return;
                }
            }
            StringBuilder b = new StringBuilder("type ").append(typeName(c)).append(" :");
            int supers = 0;
            Class<?> sup = c.isInterface() ? null : c.getSuperclass();
            if (sup != null && sup != Object.class) {
                b.append(' ').append(typeName(sup));
                supers++;
            }
            for (Class<?> i : c.getInterfaces()) {
                b.append(' ').append(typeName(i));
                supers++;
                declareType(t, i);
            }
            if (c.isArray()) {
                return;
            }
            if (supers > 0) {
                t.directive(b);
            }
            c = sup;
        }
    }

    /** The name of a class in signatures and directives: java.util.ArrayList, int[]. */
    static String typeName(Class<?> c) {
        if (c.isArray()) {
            return typeName(c.getComponentType()) + "[]";
        }
        String n = c.getName();
        int slash = n.indexOf('/'); // hidden classes: Main$$Lambda$14/0x…
        return slash >= 0 ? n.substring(0, slash) : n;
    }

    /** The class part of object names: ArrayList, HashMap$Node, int[]. */
    static String simpleName(Class<?> c) {
        String n = typeName(c);
        int dot = n.lastIndexOf('.', n.endsWith("[]") ? n.indexOf('[') : n.length());
        return n.substring(dot + 1);
    }

    /**
     * Reports whether this is the first access of field f of object e
     * (marking it seen). The first access decides the variable's init
     * directive.
     */
    static boolean firstField(Entry e, String f) {
        // Objects have few fields: the names seen are an array replaced
        // on each addition, so the common case (seen) reads it unlocked.
        String[] seen = e.fields;
        if (seen != null) {
            for (String x : seen) {
                if (x.equals(f)) {
                    return false;
                }
            }
        }
        synchronized (e) {
            seen = e.fields;
            int n = seen == null ? 0 : seen.length;
            for (int i = 0; i < n; i++) {
                if (seen[i].equals(f)) {
                    return false;
                }
            }
            String[] more = new String[n + 1];
            if (n > 0) {
                System.arraycopy(seen, 0, more, 0, n);
            }
            more[n] = f;
            e.fields = more;
            return true;
        }
    }

    static boolean firstElement(Entry e, int i) {
        if (i < 0) {
            return false; // the access throws; it is logged as what it tried
        }
        synchronized (e) {
            if (e.seen == null) {
                e.seen = new BitSet();
            }
            BitSet b = e.seen;
            if (b.get(i)) {
                return false;
            }
            b.set(i);
            return true;
        }
    }

    static boolean firstStatic(String var) {
        synchronized (staticSeen) {
            return staticSeen.add(var);
        }
    }

    /** Longest string recorded by value; longer ones by a hash of their content. */
    static final int MAX_STRING = 200;

    /** The rendering of a value of reference type. */
    static String value(ThreadRec t, Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof String) {
            return string((String) o);
        }
        if (o instanceof Integer || o instanceof Long || o instanceof Short || o instanceof Byte
                || o instanceof Boolean || o instanceof Float || o instanceof Double) {
            return o.toString();
        }
        if (o instanceof Character) {
            return Integer.toString((Character) o);
        }
        return obj(t, o);
    }

    /** Appends the rendering of a primitive held in an int, by its descriptor char. */
    static void prim(StringBuilder b, char type, int v) {
        if (type == 'Z') {
            b.append(v != 0);
        } else {
            b.append(v);
        }
    }

    /**
     * A string as one token of the text format: characters that cannot be
     * in a token (white space, '#', ',', control characters) and '\' are
     * escaped as \xNN or \\uNNNN, character by character, so that a
     * substring of a string is a substring of its rendering (if(sql.contains(table))
     * in a property works). The empty string is "", and a string that would
     * read as null is escaped.
     */
    static String string(String s) {
        if (s.length() > MAX_STRING) {
            long h = 0xcbf29ce484222325L;
            for (int i = 0; i < s.length(); i++) {
                h ^= s.charAt(i);
                h *= 0x100000001b3L;
            }
            return "s:" + Long.toHexString(h);
        }
        if (s.isEmpty()) {
            return "\"\"";
        }
        StringBuilder b = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean esc = c <= ' ' || c == '#' || c == ',' || c == '\\' || (c >= 0x7f && c <= 0xa0)
                    || Character.isWhitespace(c) || Character.isSurrogate(c) || c == 0xfeff
                    || (i == 0 && (c == '@' || c == '"'));
            if (esc && b == null) {
                b = new StringBuilder(s.length() + 16).append(s, 0, i);
            }
            if (esc) {
                if (c < 0x100) {
                    b.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                } else {
                    b.append("\\u").append(String.format("%04x", (int) c));
                }
            } else if (b != null) {
                b.append(c);
            }
        }
        String r = b == null ? s : b.toString();
        return r.equals("null") ? "\\x6eull" : r;
    }

    /**
     * A name made a valid token: white space, '#', ',', '|', parentheses
     * become '_' (the last three so that STD readers can split its lines),
     * and a leading '@' gets a '_' before it.
     */
    static String token(String s) {
        if (s == null || s.isEmpty()) {
            return "_";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c <= ' ' || c == '#' || c == ',' || c == '|' || c == '(' || c == ')' || Character.isWhitespace(c)
                    || (c >= 0x7f && c <= 0xa0) || Character.isSurrogate(c)) {
                c = '_';
            }
            b.append(c);
        }
        if (b.charAt(0) == '@') {
            b.insert(0, '_');
        }
        return b.toString();
    }
}
