// want: negated-quantifier
Db(Connection conn) {
  event open after() returning(Connection conn): call(Connection DriverManager.getConnection(String));
  event close before(Connection conn): call(void Connection.close()) && target(conn);
  pattern: !(open close+)
}
