package fig18;

/**
 * How the drivers keep their threads apart in the recorded run: by
 * sleeping, which is no synchronisation (so every schedule that the
 * sleeps happen to avoid is still one the program can take).
 */
final class Timing {
    private Timing() {}

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }
}
