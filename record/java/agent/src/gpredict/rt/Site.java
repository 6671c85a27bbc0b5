package gpredict.rt;

/**
 * What the instrumenter knows about one instrumented instruction: its
 * location and, by kind, the field, the call and how to model it. The
 * instrumented code passes only the site's number; sites are registered
 * while their class is transformed, before its code can run.
 */
public final class Site {
    public static final int FIELD = 1, STATIC = 2, ARRAY = 3, MONITOR = 4, BRANCH = 5, ATOMIC = 6, CLINIT = 7, CALL = 8;

    public final int kind;
    /** The location of every event of the site: Class.method(path/File.java:LINE). */
    public final String loc;
    /** FIELD, STATIC: the field's name; CALL: the method's name. */
    public final String name;
    /** The declaring class as the instruction names it, dotted (java.util.ArrayList). */
    public final String owner;
    /** FIELD, STATIC, ARRAY: the descriptor's first char (Z B C S I J F D L [). */
    public final char type;
    /** FIELD, STATIC: the field is volatile. */
    public final boolean vol;
    /** STATIC: the variable's name, Class.field. */
    public final String var;
    /** CALL: what the call is (Calls.*), a bit set. */
    public final int call;
    /** CALL: the signature logged for a property call, "RET DECL.NAME(P,…)". */
    public final String sig;
    /** CALL: the call has a receiver. */
    public final boolean hasTarget;

    public Site(int kind, String loc, String name, String owner, char type, boolean vol, int call, String sig,
            boolean hasTarget) {
        this.kind = kind;
        this.loc = loc;
        this.name = name;
        this.owner = owner;
        this.type = type;
        this.vol = vol;
        this.var = kind == STATIC ? owner + "." + name : null;
        this.call = call;
        this.sig = sig;
        this.hasTarget = hasTarget;
    }

    private static final Object lock = new Object();
    private static volatile Site[] sites = new Site[1024];
    private static int count;

    /** Registers a site and returns its number. */
    public static int add(Site s) {
        synchronized (lock) {
            if (count == sites.length) {
                Site[] bigger = new Site[count * 2];
                System.arraycopy(sites, 0, bigger, 0, count);
                sites = bigger;
            }
            sites[count] = s;
            return count++;
        }
    }

    static Site get(int id) {
        return sites[id];
    }
}
