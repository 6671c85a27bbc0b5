package gpredict.agent;

import java.lang.instrument.Instrumentation;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;

import gpredict.rt.Rec;

/**
 * The Java agent of gpredict record (docs/recording-java.md): it opens
 * the raw log, makes sure every buffer is written at exit, and
 * instruments application classes as they are loaded (Transformer).
 *
 * <p>The agent jar is on the bootstrap class path (Boot-Class-Path in its
 * manifest), so that instrumented classes of every class loader see the
 * runtime, and ASM is renamed into this package so that it cannot clash
 * with an ASM of the program.
 */
public final class Agent {
    private Agent() {}

    public static void premain(String arg, Instrumentation inst) throws Exception {
        Config config = Config.read(arg);
        openJdk(inst);
        Warnings.open(config.raw);
        Rec.start(config.raw);
        Transformer t = new Transformer(config);
        flushAtExit(() -> {
            Rec.flushAll(true);
            Warnings.classes(t.instrumented());
        });
        inst.addTransformer(t, false);
    }

    /**
     * Opens the JDK packages whose private fields the runtime reads (the
     * synchroniser of a lock, the lock of a condition) and java.lang for
     * the exit hook.
     */
    private static void openJdk(Instrumentation inst) {
        Module base = Object.class.getModule();
        Module me = Agent.class.getModule();
        inst.redefineModule(base, Set.of(), Map.of(),
                Map.of("java.util.concurrent.locks", Set.of(me), "java.lang", Set.of(me)), Set.of(), Map.of());
    }

    /**
     * The final flush runs after the application's shutdown hooks (which
     * may log events themselves): as a system hook in the last slot of
     * java.lang.Shutdown, which runs after the slot of application hooks.
     * If that is not possible, an ordinary shutdown hook does it.
     */
    private static void flushAtExit(Runnable last) {
        try {
            Method add = Class.forName("java.lang.Shutdown").getDeclaredMethod("add", int.class, boolean.class, Runnable.class);
            add.setAccessible(true);
            add.invoke(null, 9, false, last);
        } catch (Throwable e) {
            Runtime.getRuntime().addShutdownHook(new Thread(last, "gpredict-flush"));
        }
    }
}
