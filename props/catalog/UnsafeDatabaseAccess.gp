// open, create, update, delete and close out of order on one connection
// and table (patent FIG. 19).
UnsafeDatabaseAccess(Connection conn, String table) {
  event open after() returning(Connection conn) :
      call(Connection DriverManager.getConnection(..));
  event close before(Connection conn) :
      call(void Connection.close()) && target(conn);
  event create before(Connection conn, String table) :
      call(* createTable(Connection, String)) && args(conn, table);
  event delete before(Connection conn, String table) :
      call(* deleteTable(Connection, String)) && args(conn, table);
  event update before(String sql) :
      call(boolean Statement.execute(String)) && args(sql) && if(sql.contains(table));
  pattern: !(open create update delete close)
}
