// want: unknown-method
Db(String table) {
  event update before(String table, String sql):
      call(boolean Statement.execute(String)) && args(sql) && if(sql.contain(table));
  event create before(String table): call(* createTable(..)) && args(table);
  pattern: create update
}
