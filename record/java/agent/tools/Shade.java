import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.commons.ClassRemapper;
import org.objectweb.asm.commons.Remapper;

/**
 * Build tool of the agent (build.sh): copies the classes of jars and
 * directories into OUT, renaming org.objectweb.asm to gpredict.agent.asm
 * everywhere, so that the agent carries its own ASM and cannot clash with
 * an ASM the recorded program uses.
 *
 * Usage: java Shade OUT INPUT...
 */
public final class Shade {
    private static final String FROM = "org/objectweb/asm/";
    private static final String TO = "gpredict/agent/asm/";

    public static void main(String[] args) throws IOException {
        Path out = Paths.get(args[0]);
        for (int i = 1; i < args.length; i++) {
            Path in = Paths.get(args[i]);
            if (Files.isDirectory(in)) {
                List<Path> files;
                try (Stream<Path> s = Files.walk(in)) {
                    files = s.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
                }
                for (Path p : files) {
                    copy(out, Files.readAllBytes(p));
                }
            } else {
                try (JarFile jar = new JarFile(in.toFile())) {
                    for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                        JarEntry je = e.nextElement();
                        if (je.getName().endsWith(".class") && !je.getName().endsWith("module-info.class")) {
                            try (InputStream s = jar.getInputStream(je)) {
                                copy(out, s.readAllBytes());
                            }
                        }
                    }
                }
            }
        }
    }

    private static void copy(Path out, byte[] b) throws IOException {
        ClassReader cr = new ClassReader(b);
        ClassWriter cw = new ClassWriter(0);
        cr.accept(new ClassRemapper(cw, new Remapper() {
            @Override
            public String map(String name) {
                return name.startsWith(FROM) ? TO + name.substring(FROM.length()) : name;
            }
        }), 0);
        String name = cr.getClassName();
        if (name.startsWith(FROM)) {
            name = TO + name.substring(FROM.length());
        }
        Path p = out.resolve(name + ".class");
        Files.createDirectories(p.getParent());
        Files.write(p, cw.toByteArray());
    }
}
