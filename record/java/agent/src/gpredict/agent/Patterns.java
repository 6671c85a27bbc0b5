package gpredict.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.objectweb.asm.Type;

/**
 * Signature patterns of the chosen properties' call/execution pointcuts
 * (and of --atomic), as gpredict record hands them over: one per line,
 * "RET\tDECL\tNAME\tPARAMS", AspectJ style (docs/matching.md). The agent
 * uses them only to choose the call sites to log: a site is logged when
 * some pattern may match its signature, and gpredict predict matches the
 * logged calls exactly. So the test here may say yes too often (a type
 * it cannot read counts as matching), never no too often.
 */
final class Patterns {
    /** A type pattern: a glob over the qualified or simple name, + for subtypes. */
    static final class TypePat {
        final boolean any;
        final boolean plus;
        final boolean qualified;
        final Pattern re;

        TypePat(String p) {
            plus = p.endsWith("+");
            if (plus) {
                p = p.substring(0, p.length() - 1);
            }
            any = p.equals("*");
            qualified = p.indexOf('.') >= 0;
            re = Pattern.compile(glob(p));
        }

        /** Whether the type named (dotted) matches, without subtypes. */
        boolean name(String dotted) {
            if (any) {
                return true;
            }
            String n = qualified ? dotted : simple(dotted);
            return re.matcher(n).matches();
        }
    }

    /** One signature pattern. */
    static final class SigPat {
        final TypePat ret; // null: any
        final TypePat decl; // null: any
        final Pattern name;
        final List<TypePat> params; // null entry: ".."

        SigPat(String ret, String decl, String name, String params) {
            this.ret = ret.equals("*") ? null : new TypePat(ret);
            this.decl = decl.equals("*") ? null : new TypePat(decl);
            this.name = Pattern.compile(glob(name));
            this.params = new ArrayList<>();
            if (!params.isEmpty()) {
                for (String p : params.split(",")) {
                    this.params.add(p.equals("..") ? null : new TypePat(p));
                }
            }
        }
    }

    private final List<SigPat> pats = new ArrayList<>();
    private final Hierarchy h;

    Patterns(Hierarchy h) {
        this.h = h;
    }

    void add(String line) {
        String[] f = line.split("\t", -1);
        if (f.length != 4) {
            throw new IllegalArgumentException("bad signature pattern line: " + line);
        }
        pats.add(new SigPat(f[0], f[1], f[2], f[3]));
    }

    boolean isEmpty() {
        return pats.isEmpty();
    }

    /** Whether some pattern may match a call of owner.name(desc). */
    boolean matches(String owner, String name, String desc, ClassLoader loader) {
        for (SigPat p : pats) {
            if (p.name.matcher(name).matches() && fits(p, owner, desc, loader)) {
                return true;
            }
        }
        return false;
    }

    private boolean fits(SigPat p, String owner, String desc, ClassLoader loader) {
        if (p.ret != null && !type(p.ret, Type.getReturnType(desc), loader)) {
            return false;
        }
        if (p.decl != null && !type(p.decl, Type.getObjectType(owner), loader)) {
            return false;
        }
        return params(p.params, 0, Type.getArgumentTypes(desc), 0, loader);
    }

    private boolean params(List<TypePat> ps, int i, Type[] ts, int j, ClassLoader loader) {
        if (i == ps.size()) {
            return j == ts.length;
        }
        TypePat p = ps.get(i);
        if (p == null) { // "..": any number
            for (int k = j; k <= ts.length; k++) {
                if (params(ps, i + 1, ts, k, loader)) {
                    return true;
                }
            }
            return false;
        }
        return j < ts.length && type(p, ts[j], loader) && params(ps, i + 1, ts, j + 1, loader);
    }

    private boolean type(TypePat p, Type t, ClassLoader loader) {
        String dotted = t.getClassName(); // int, java.lang.String, int[]
        if (p.name(dotted)) {
            return true;
        }
        if (!p.plus || t.getSort() != Type.OBJECT) {
            return false;
        }
        if (p.name("java.lang.Object")) {
            return true; // Object+ is every type
        }
        String internal = t.getInternalName();
        if (h.get(internal, loader) == null) {
            return true; // unknown: it may be a subtype
        }
        for (String s : h.supertypes(internal, loader)) {
            if (p.name(s.replace('/', '.'))) {
                return true;
            }
        }
        return false;
    }

    static String simple(String dotted) {
        return dotted.substring(dotted.lastIndexOf('.') + 1);
    }

    /** AspectJ name glob to a regex: * within a segment, .. across packages. */
    static String glob(String p) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '.' && i + 1 < p.length() && p.charAt(i + 1) == '.') {
                b.append("\\.(?:.*\\.)?");
                i++;
            } else if (c == '*') {
                b.append("[^.]*");
            } else {
                b.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return b.toString();
    }
}
