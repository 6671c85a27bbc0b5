// want: javamop-syntax
HasNext(Iterator i) {
  event hasnext(Iterator i) {}
  event next(Iterator i) {}
  fsm :
    start [ next -> unsafe hasnext -> safe ]
  @fail { __RESET; }
}
