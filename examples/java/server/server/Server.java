package server;

/**
 * The example of README.md: a server whose connection count is protected
 * by its monitor, and whose closed flag is not.
 */
public class Server {
    private int conns;
    private boolean closed; // BUG: written and read outside the monitor

    /** Marks the server closed and drops its connections. */
    void shutdown() {
        closed = true;
        synchronized (this) {
            conns = 0;
        }
    }

    /** Counts a new connection and reports whether the server is open. */
    boolean accept() {
        synchronized (this) {
            conns++;
        }
        return !closed;
    }

    /** Shuts the server down and, 10 ms later, accepts a connection, which must be refused. */
    public static void main(String[] args) throws Exception {
        Server s = new Server();
        Thread shutdown = new Thread(s::shutdown, "shutdown");
        Thread accept = new Thread(() -> {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                return;
            }
            if (s.accept()) {
                System.out.println("accepted a connection after shutdown");
            }
        }, "accept");
        shutdown.start();
        accept.start();
        shutdown.join();
        accept.join();
    }
}
