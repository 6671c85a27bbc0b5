package gpredict.agent;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The agent's report, RAW/agent-PID.txt, which gpredict record reads
 * after the run: "warning MESSAGE" for each thing it could not
 * instrument, and at exit "classes N", the classes it instrumented.
 */
final class Warnings {
    private Warnings() {}

    private static FileOutputStream out;

    static synchronized void open(String rawDir) throws IOException {
        out = new FileOutputStream(rawDir + "/agent-" + ProcessHandle.current().pid() + ".txt", true);
    }

    static void add(String msg) {
        line("warning " + msg.replace('\n', ' '));
    }

    static void classes(int n) {
        line("classes " + n);
    }

    private static synchronized void line(String text) {
        if (out == null) {
            return;
        }
        try {
            out.write((text + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            // nowhere else to say it
        }
    }
}
