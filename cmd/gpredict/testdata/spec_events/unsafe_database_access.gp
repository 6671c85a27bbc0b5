// FIG. 19 of the patent: UnsafeDatabaseAccess. Scanning fix: the missing
// `)` after `execute(String)`.
UnsafeDatabaseAccess(Connection conn, String table) {
    event open after() returning(Connection conn):
        call(Connection DriverManager.getConnection(String));
    event close before(Connection conn):
        call(void Connection.close())&&target(conn);
    event create before(Connection conn, String table):
        call(* createTable(Connection conn, String table))&&args(conn,table);
    event delete before(Connection conn, String table):
        call(* deleteTable(Connection conn, String table))&&args(conn,table);
    event update before(String table, String sql):
        call(boolean Statement.execute(String))
        &&args(sql)&&if(sql.contains(table));
    pattern : !(open create update delete close)
}
