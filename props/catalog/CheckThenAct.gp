// Two threads interleave a check and an act on the same map key
// (patent FIG. 20, Derby bug 3786).
CheckThenAct(Map m, Object key) {
  event check after(Map m, Object key) :
      (call(* Map+.get(Object)) || call(* Map+.containsKey(Object)))
      && target(m) && args(key);
  event act before(Map m, Object key) :
      (call(* Map+.remove(Object, ..)) || call(* Map+.put(Object, ..)))
      && target(m) && args(key, ..);
  pattern: check(t1) act(t2)+ act(t1)
}
