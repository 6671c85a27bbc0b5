package fig18;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * FIG. 18, rows derby (CheckThenAct, FIG. 20: DERBY-3786; NullDereference,
 * FIG. 17) on embedded Derby 10.14 from Debian's libderby-java: clients on
 * their own connections run the same statements, one of which does not
 * compile (its table does not exist; the client expects the error).
 *
 * <p>Derby caches compiled statements in one cache per database. A
 * statement that fails to compile is taken out of it again:
 * GenericLanguageConnectionContext.removeStatement looks the statement up
 * (findCached) and then removes it (remove) — a check and an act on the
 * cache's map (ConcurrentCache's ConcurrentHashMap) that two clients can
 * interleave, which is DERBY-3786. The clients start 600 ms apart, so
 * nothing overlaps in this run; CheckThenAct and NullDereference predict
 * what overlaps can do.
 */
public class DerbyStatementCache {
    static final int CLIENTS = 3;

    public static void main(String[] args) throws Exception {
        String url = "jdbc:derby:memory:fig18;create=true";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE items (id INT PRIMARY KEY, name VARCHAR(20))");
            s.execute("INSERT INTO items VALUES (1, 'one'), (2, 'two')");
        }
        Thread[] clients = new Thread[CLIENTS];
        int[] rows = new int[CLIENTS];
        boolean[] failed = new boolean[CLIENTS];
        for (int i = 0; i < CLIENTS; i++) {
            int me = i;
            clients[i] = new Thread(() -> {
                Timing.pause(300 + 600L * me);
                try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
                    try (ResultSet rs = s.executeQuery("SELECT name FROM items WHERE id > 0")) {
                        while (rs.next()) {
                            rows[me]++;
                        }
                    }
                    try {
                        s.executeQuery("SELECT name FROM missing WHERE id > 0").close();
                    } catch (SQLException expected) {
                        // 42X05: table MISSING does not exist
                    }
                } catch (SQLException e) {
                    e.printStackTrace();
                    failed[me] = true;
                }
            }, "client-" + i);
            clients[i].start();
        }
        for (Thread t : clients) {
            t.join();
        }
        Timing.check(failed);
        try {
            DriverManager.getConnection("jdbc:derby:memory:fig18;drop=true");
        } catch (SQLException dropped) {
            // 08006: the database was dropped
        }
        System.out.println("rows: " + rows[0] + " " + rows[1] + " " + rows[2]);
    }
}
