// FIG. 17 of the patent: Derby bug #2861, a null-pointer dereference.
NullPointerException (Object o) {
    event deRef before(Object o):
        get(TableDescriptor.referenceColumnMap)&&target(o);
    event setNull before(Object o, Object value):
        set(* TableDescriptor.referenceColumnMap)
        && target(o)&&args(value)&&if(value==null);

    pattern: deRef(t1) || setNull(t2)
}
