package fig18;

/**
 * How the drivers keep their threads apart in the recorded run: by
 * sleeping, which is no synchronisation (so every schedule that the
 * sleeps happen to avoid is still one the program can take).
 */
final class Timing {
    private Timing() {}

    /**
     * Exits with status 1 if a thread failed: a driver's run is one where
     * nothing fails, which its threads report in failed (read only after
     * they are joined, so that the check adds no synchronisation).
     */
    static void check(boolean[] failed) {
        for (boolean f : failed) {
            if (f) {
                System.out.println("a thread failed: this run is not one where nothing fails");
                System.exit(1);
            }
        }
    }

    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new RuntimeException(e);
        }
    }
}
