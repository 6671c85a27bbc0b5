package callsonly;

/**
 * A class whose only instrumented instructions are calls (a thread's
 * start and join, which trampolines replace one for one): the agent must
 * still count it as changed and define the instrumented class.
 */
public class CallsOnly {
    public static void main(String[] args) throws Exception {
        Thread t = new Thread(() -> { }, "child");
        t.start();
        t.join();
    }
}
