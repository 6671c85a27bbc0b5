package gpredict.agent;

import java.lang.instrument.ClassFileTransformer;
import java.security.ProtectionDomain;
import java.util.HashSet;
import java.util.Set;

import org.objectweb.asm.MethodTooLargeException;

import gpredict.rt.R;

/**
 * Chooses the classes to instrument and instruments them (Instrumenter).
 * Application code is every class defined by a loader other than the
 * bootstrap and platform loaders — the program and its libraries — minus
 * --exclude, or only --include when given. The JDK is never instrumented:
 * calls into it are modelled at their call sites in application code.
 */
final class Transformer implements ClassFileTransformer {
    private final Config config;
    private final Hierarchy hierarchy = new Hierarchy();
    private final ClassLoader platform = ClassLoader.getPlatformClassLoader();
    private final java.util.concurrent.atomic.AtomicInteger instrumented = new java.util.concurrent.atomic.AtomicInteger();

    /** The number of classes instrumented so far. */
    int instrumented() {
        return instrumented.get();
    }

    Transformer(Config config) {
        this.config = config;
    }

    /** Whether a class (internal name) belongs to the JDK. */
    static boolean jdk(String name) {
        return name.startsWith("java/") || name.startsWith("javax/") || name.startsWith("jdk/")
                || name.startsWith("sun/") || name.startsWith("com/sun/") || name.startsWith("org/w3c/")
                || name.startsWith("org/xml/") || name.startsWith("org/ietf/");
    }

    @Override
    public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain pd, byte[] bytes) {
        if (loader == null || loader == platform || name == null || redefined != null || jdk(name)
                || name.startsWith("gpredict/") || !config.chosen(name.replace('/', '.'))) {
            return null;
        }
        // Reading other classes' files can run the loader's own code, which
        // may be instrumented: none of that is the program's doing.
        boolean quiet = R.quiet(true);
        try {
            Set<String> skip = new HashSet<>();
            for (int attempt = 0; attempt < 8; attempt++) {
                try {
                    byte[] out = new Instrumenter(config, hierarchy, loader, bytes, skip).run();
                    if (out != null) {
                        instrumented.incrementAndGet();
                    }
                    return out;
                } catch (MethodTooLargeException e) {
                    // The method grew past the 64 KiB limit: leave it as it is.
                    skip.add(e.getMethodName() + e.getDescriptor());
                    Warnings.add("method " + name.replace('/', '.') + "." + e.getMethodName()
                            + " is too large to instrument; its events are not recorded");
                }
            }
        } catch (Throwable e) {
            Warnings.add("class " + name.replace('/', '.') + " not instrumented: " + e);
        } finally {
            R.quiet(quiet);
        }
        return null;
    }
}
