package gpredict.agent;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Class hierarchy facts read from class files, never by loading classes:
 * a transformer that loaded classes could initialise them out of order or
 * while their loader is busy. A class's bytes come from its loader as a
 * resource (the JDK's through the system loader). Facts are cached by
 * class name; a class that cannot be read is unknown (null), and every
 * caller treats unknown conservatively.
 */
final class Hierarchy {
    /** What one class file says about its class. */
    static final class Info {
        final String name;
        final String superName;
        final String[] interfaces;
        final int access;
        final Map<String, Integer> fields = new HashMap<>();
        /** name + descriptor → access flags */
        final Map<String, Integer> methods = new HashMap<>();

        Info(String name, String superName, String[] interfaces, int access) {
            this.name = name;
            this.superName = superName;
            this.interfaces = interfaces == null ? new String[0] : interfaces;
            this.access = access;
        }
    }

    private static final Info MISSING = new Info("", null, null, 0);
    private final ConcurrentHashMap<String, Info> cache = new ConcurrentHashMap<>();

    /** Records a class from bytes at hand (the class being transformed). */
    Info add(byte[] bytes) {
        Info i = read(bytes);
        cache.put(i.name, i);
        return i;
    }

    /** The facts of class name (internal form), or null if its file cannot be read. */
    Info get(String name, ClassLoader loader) {
        Info i = cache.get(name);
        if (i == null) {
            i = load(name, loader);
            cache.putIfAbsent(name, i);
        }
        return i == MISSING ? null : i;
    }

    private static Info load(String name, ClassLoader loader) {
        if (name.startsWith("[")) {
            return MISSING;
        }
        String res = name + ".class";
        try (InputStream in = loader != null ? loader.getResourceAsStream(res) : ClassLoader.getSystemResourceAsStream(res)) {
            if (in == null) {
                return MISSING;
            }
            return read(in.readAllBytes());
        } catch (Throwable e) {
            return MISSING;
        }
    }

    private static Info read(byte[] bytes) {
        ClassReader cr = new ClassReader(bytes);
        Info[] out = new Info[1];
        cr.accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public void visit(int version, int access, String name, String sig, String sup, String[] itfs) {
                out[0] = new Info(name, sup, itfs, access);
            }

            @Override
            public FieldVisitor visitField(int access, String name, String desc, String sig, Object value) {
                out[0].fields.put(name, access);
                return null;
            }

            @Override
            public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                out[0].methods.put(name + desc, access);
                return null;
            }
        }, ClassReader.SKIP_CODE | ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return out[0];
    }

    /** name and all its supertypes (classes and interfaces, transitively), name first; unknown ones are skipped. */
    List<String> supertypes(String name, ClassLoader loader) {
        Set<String> seen = new LinkedHashSet<>();
        List<String> stack = new ArrayList<>();
        stack.add(name);
        while (!stack.isEmpty()) {
            String n = stack.remove(stack.size() - 1);
            if (n == null || !seen.add(n)) {
                continue;
            }
            Info i = get(n, loader);
            if (i == null) {
                continue;
            }
            stack.add(i.superName);
            for (String s : i.interfaces) {
                stack.add(s);
            }
        }
        return new ArrayList<>(seen);
    }

    /** Whether sub is sup or a subtype of it (false if unknown). */
    boolean isSubtype(String sub, String sup, ClassLoader loader) {
        return sub.equals(sup) || supertypes(sub, loader).contains(sup);
    }

    /** A field or method found by resolution: its declaring class and access flags. */
    static final class Member {
        final String owner;
        final int access;

        Member(String owner, int access) {
            this.owner = owner;
            this.access = access;
        }
    }

    /** Resolves field name from class owner as the JVM does (the class, its interfaces, its superclasses). */
    Member field(String owner, String name, ClassLoader loader) {
        for (String n = owner; n != null; ) {
            Info i = get(n, loader);
            if (i == null) {
                return null;
            }
            Integer a = i.fields.get(name);
            if (a != null) {
                return new Member(n, a);
            }
            for (String itf : supertypes(n, loader)) {
                Info ii = get(itf, loader);
                if (ii != null && (ii.access & Opcodes.ACC_INTERFACE) != 0 && ii.fields.containsKey(name)) {
                    return new Member(itf, ii.fields.get(name));
                }
            }
            n = i.superName;
        }
        return null;
    }

    /** Resolves method name+desc from owner: the class and its superclasses, then its interfaces. */
    Member method(String owner, String name, String desc, ClassLoader loader) {
        String key = name + desc;
        for (String n = owner; n != null; ) {
            Info i = get(n, loader);
            if (i == null) {
                return null;
            }
            Integer a = i.methods.get(key);
            if (a != null) {
                return new Member(n, a);
            }
            n = i.superName;
        }
        for (String n : supertypes(owner, loader)) {
            Info i = get(n, loader);
            if (i != null && i.methods.containsKey(key)) {
                return new Member(n, i.methods.get(key));
            }
        }
        return null;
    }
}
