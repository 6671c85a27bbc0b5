package fig18;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * FIG. 18, row h2 (UnsafeDatabaseAccess, FIG. 19) on H2 2.1 from Debian's
 * libh2-java, through JDBC: the patent's client program. The main thread
 * opens a connection, creates a table and starts clients that insert and
 * update rows through the same connection; it then waits a while (a
 * sleep: the clients are done by then) before it deletes the table and
 * closes the connection, and joins the clients only after that. Nothing
 * fails in this run; UnsafeDatabaseAccess predicts the schedules where a
 * client's update comes after the delete or the close.
 *
 * <p>createTable and deleteTable are the application methods the
 * property names (FIG. 19), as in the patent.
 */
public class H2DatabaseAccess {
    static final int CLIENTS = 4;

    static void createTable(Connection conn, String table) throws SQLException {
        try (Statement s = conn.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, balance INT)");
        }
    }

    static void deleteTable(Connection conn, String table) throws SQLException {
        try (Statement s = conn.createStatement()) {
            s.execute("DROP TABLE " + table);
        }
    }

    public static void main(String[] args) throws Exception {
        Connection conn = DriverManager.getConnection("jdbc:h2:mem:fig18");
        createTable(conn, "accounts");
        Thread[] clients = new Thread[CLIENTS];
        boolean[] failed = new boolean[CLIENTS];
        for (int i = 0; i < CLIENTS; i++) {
            int id = i;
            clients[i] = new Thread(() -> {
                Timing.pause(50L * id);
                try (Statement s = conn.createStatement()) {
                    s.execute("INSERT INTO accounts VALUES (" + id + ", 100)");
                    s.execute("UPDATE accounts SET balance = balance + 10 WHERE id = " + id);
                } catch (SQLException e) {
                    e.printStackTrace();
                    failed[id] = true;
                }
            }, "client-" + i);
            clients[i].start();
        }
        Timing.pause(1000);
        deleteTable(conn, "accounts");
        conn.close();
        for (Thread t : clients) {
            t.join();
        }
        Timing.check(failed);
        System.out.println("done");
    }
}
