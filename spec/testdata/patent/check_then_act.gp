// FIG. 20 of the patent: Check-Then-Act, Derby bug #3786. Scanning fix:
// `,...)` -> `, ..)` (twice).
CheckThenAct (Map m, Object key) {
    event check after(Map m, Object key):
        call(* Map+.get(Object))&&target(m)&&args(key);
    event act before(Map m, Object key) :
        call(* Map+.remove(Object, ..))&&target(m)&&args(key, ..);
    pattern: check(t1) act(t2)+ act(t1)
}
