package gpredict.agent;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's configuration, a file gpredict record writes (the agent's
 * argument is its path). One setting per line, "KEY VALUE":
 *
 * <pre>
 * raw DIR                 where the raw log goes
 * include PREFIX          instrument only classes under these packages (dotted)
 * exclude PREFIX          never these
 * branches                log a branch event before each conditional jump
 * call RET\tDECL\tNAME\tPARAMS     a property's call pattern (Patterns)
 * atomic RET\tDECL\tNAME\tPARAMS   methods whose executions are atomic regions
 * </pre>
 */
final class Config {
    String raw;
    final List<String> include = new ArrayList<>();
    final List<String> exclude = new ArrayList<>();
    boolean branches;
    final List<String> calls = new ArrayList<>();
    final List<String> atomic = new ArrayList<>();

    static Config read(String path) throws IOException {
        if (path == null || path.isEmpty()) {
            throw new IOException("want the configuration file as the agent's argument (-javaagent:JAR=FILE)");
        }
        Config c = new Config();
        int n = 0;
        for (String line : Files.readAllLines(Paths.get(path), StandardCharsets.UTF_8)) {
            n++;
            if (line.isEmpty()) {
                continue;
            }
            int sp = line.indexOf(' ');
            String key = sp < 0 ? line : line.substring(0, sp);
            String val = sp < 0 ? "" : line.substring(sp + 1);
            switch (key) {
                case "raw":
                    c.raw = val;
                    break;
                case "include":
                    c.include.add(val);
                    break;
                case "exclude":
                    c.exclude.add(val);
                    break;
                case "branches":
                    c.branches = true;
                    break;
                case "call":
                    c.calls.add(val);
                    break;
                case "atomic":
                    c.atomic.add(val);
                    break;
                default:
                    throw new IOException(path + ":" + n + ": unknown setting " + key);
            }
        }
        if (c.raw == null) {
            throw new IOException(path + ": no raw directory");
        }
        return c;
    }

    /** Whether the class (dotted name) is chosen by --include/--exclude. */
    boolean chosen(String cls) {
        for (String p : exclude) {
            if (under(cls, p)) {
                return false;
            }
        }
        if (include.isEmpty()) {
            return true;
        }
        for (String p : include) {
            if (under(cls, p)) {
                return true;
            }
        }
        return false;
    }

    /** Whether cls is in package prefix p (or is the class p): org.h2 covers org.h2.Driver, not org.h2x.A. */
    static boolean under(String cls, String p) {
        return cls.equals(p) || cls.startsWith(p) && (p.endsWith(".") || cls.charAt(p.length()) == '.'
                || cls.charAt(p.length()) == '$');
    }
}
