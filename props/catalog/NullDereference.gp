// A read (dereference) of a field that another thread can concurrently
// set to null (patent FIG. 17, generalised to every variable).
NullDereference(Object v) {
  event deref before(Object v) : get(* *) && location(v);
  event setNull before(Object v, Object value) :
      set(* *) && location(v) && args(value) && if(value == null);
  pattern: deref(t1) || setNull(t2)
}
