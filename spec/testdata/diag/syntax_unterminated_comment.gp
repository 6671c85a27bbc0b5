// want: syntax
Race(Object o) {
  /* unterminated comment
  pattern: read
}
