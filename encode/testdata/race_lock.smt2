; race_lock
; branch model: implicit; slice: 7 events (prefix lengths 3,4)
; a step is in the schedule iff its order variable is below cut
(set-logic QF_IDL)
(declare-fun |T1#1| () Int)
(declare-fun |T1#2| () Int)
(declare-fun |T1#3| () Int)
(declare-fun |T2#1| () Int)
(declare-fun |T2#2| () Int)
(declare-fun |T2#3| () Int)
(declare-fun |T2#4| () Int)
(declare-fun |cut| () Int)
(declare-fun |aux0| () Int)
(declare-fun |aux1| () Int)
(declare-fun |cons_T2#1| () Bool)
(declare-fun |allc_T2#1| () Bool)
; [mhb] T2#3 precedes T2#4 in program order
(assert (< |T2#3| |T2#4|))
; [mhb] T2#2 precedes T2#3 in program order
(assert (< |T2#2| |T2#3|))
; [mhb] T2#1 precedes T2#2 in program order
(assert (< |T2#1| |T2#2|))
; [mhb] T1#2 precedes T1#3 in program order
(assert (< |T1#2| |T1#3|))
; [mhb] T1#1 precedes T1#2 in program order
(assert (< |T1#1| |T1#2|))
; [lock] the holds of lock l from T1#1 and from T2#2 do not overlap
(assert (or (< |cut| |T1#1|) (< |cut| |T2#2|) (< |T1#3| |T2#2|) (< |T2#4| |T1#1|)))
; [readwrite] every read up to T2#1 is consistent
(assert (or (not |allc_T2#1|) |cons_T2#1|))
; [readwrite] T2#1 reads 1 from x as in the trace
(assert (or (not |cons_T2#1|) (< |T1#2| |T2#1|)))
; [readwrite] T2#1 must read its value once T2#2 is scheduled (implicit branches)
(assert (or (< |cut| |T2#2|) |cons_T2#1|))
; [pattern] T1#2 (a) is in the schedule
(assert (< |T1#2| |cut|))
; [pattern] T2#3 (b) is in the schedule
(assert (< |T2#3| |cut|))
; [pattern] the chosen events satisfy the pattern
(assert (and (< |aux0| |T1#2|) (< |T1#2| |aux1|) (< |aux0| |T2#3|) (< |T2#3| |aux1|) (or (< |T1#1| |aux0|) (< |aux1| |T1#1|)) (or (< |T1#3| |aux0|) (< |aux1| |T1#3|)) (or (< |T2#2| |aux0|) (< |aux1| |T2#2|)) (or (< |T2#4| |aux0|) (< |aux1| |T2#4|))))
(check-sat)
(get-model)
