import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * The large recording of docs/recording-java.md: H2 embedded (Debian's
 * libh2-java) under a concurrent JDBC client. CLIENTS threads, each on its
 * own connection to one in-memory database, run OPS transfers between
 * accounts of a shared table and read balances back.
 *
 * Usage: java -cp h2.jar:. H2Bank [CLIENTS [OPS]]
 */
public class H2Bank {
    public static void main(String[] args) throws Exception {
        int clients = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int ops = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        String url = "jdbc:h2:mem:bank;DB_CLOSE_DELAY=-1";
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE account (id INT PRIMARY KEY, balance INT)");
            for (int i = 0; i < 10; i++) {
                s.execute("INSERT INTO account VALUES (" + i + ", 1000)");
            }
        }
        Thread[] ts = new Thread[clients];
        long[] seen = new long[clients];
        for (int k = 0; k < clients; k++) {
            int me = k;
            ts[k] = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url)) {
                    c.setAutoCommit(false);
                    PreparedStatement debit = c.prepareStatement("UPDATE account SET balance = balance - ? WHERE id = ?");
                    PreparedStatement credit = c.prepareStatement("UPDATE account SET balance = balance + ? WHERE id = ?");
                    PreparedStatement total = c.prepareStatement("SELECT SUM(balance) FROM account");
                    for (int i = 0; i < ops; i++) {
                        int a = (me + i) % 10, b = (me + 3 * i + 1) % 10;
                        if (a == b) {
                            b = (b + 1) % 10;
                        }
                        // rows are updated in id order, so transfers never
                        // deadlock in the database
                        PreparedStatement first = a < b ? debit : credit, second = a < b ? credit : debit;
                        first.setInt(1, 1);
                        first.setInt(2, Math.min(a, b));
                        first.executeUpdate();
                        second.setInt(1, 1);
                        second.setInt(2, Math.max(a, b));
                        second.executeUpdate();
                        c.commit();
                        try (ResultSet rs = total.executeQuery()) {
                            rs.next();
                            seen[me] = rs.getLong(1);
                        }
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }, "client-" + k);
            ts[k].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        System.out.println("total " + seen[0]);
    }
}
