package fig18;

/**
 * FIG. 18, row jdk (Deadlock): a lock-order deadlock inside the JDK. Two
 * threads append two StringBuffers to each other; append(StringBuffer
 * other) holds this buffer's monitor and takes other's (the agent models
 * the JDK's code: docs/recording-java.md), so each thread can hold one
 * buffer and wait for the other. The second thread starts 100 ms later,
 * so nothing fails in this run.
 */
public class StringBufferDeadlock {
    public static void main(String[] args) throws Exception {
        StringBuffer a = new StringBuffer("a"), b = new StringBuffer("b");
        Thread ab = new Thread(() -> a.append(b), "append-b-to-a");
        Thread ba = new Thread(() -> {
            Timing.pause(100);
            b.append(a);
        }, "append-a-to-b");
        ab.start();
        ba.start();
        ab.join();
        ba.join();
        System.out.println(a + " " + b);
    }
}
