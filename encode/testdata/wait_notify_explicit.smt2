; wait_notify_explicit
; branch model: explicit; slice: 9 events (prefix lengths 5,4)
; a step is in the schedule iff its order variable is below cut
(set-logic QF_IDL)
(declare-fun |T1#1| () Int)
(declare-fun |T1#2| () Int)
(declare-fun |T1#3| () Int)
(declare-fun |T1#4.release| () Int)
(declare-fun |T1#4.wake| () Int)
(declare-fun |T1#4.reacquire| () Int)
(declare-fun |T1#5| () Int)
(declare-fun |T2#1| () Int)
(declare-fun |T2#2| () Int)
(declare-fun |T2#3| () Int)
(declare-fun |T2#4| () Int)
(declare-fun |cut| () Int)
(declare-fun |woke_T1#4_by_T2#3| () Bool)
(declare-fun |cons_T1#2| () Bool)
(declare-fun |allc_T1#2| () Bool)
; [mhb] T2#3 precedes T2#4 in program order
(assert (< |T2#3| |T2#4|))
; [mhb] T2#2 precedes T2#3 in program order
(assert (< |T2#2| |T2#3|))
; [mhb] T2#1 precedes T2#2 in program order
(assert (< |T2#1| |T2#2|))
; [mhb] T1#4 precedes T1#5 in program order
(assert (< |T1#4.reacquire| |T1#5|))
; [mhb] the parts of wait T1#4 happen in order
(assert (< |T1#4.wake| |T1#4.reacquire|))
; [mhb] the parts of wait T1#4 happen in order
(assert (< |T1#4.release| |T1#4.wake|))
; [mhb] T1#3 precedes T1#4 in program order
(assert (< |T1#3| |T1#4.release|))
; [mhb] T1#2 precedes T1#3 in program order
(assert (< |T1#2| |T1#3|))
; [mhb] T1#1 precedes T1#2 in program order
(assert (< |T1#1| |T1#2|))
; [lock] the holds of lock l from T1#1 and from T2#2 do not overlap
(assert (or (< |cut| |T1#1|) (< |cut| |T2#2|) (< |T1#4.release| |T2#2|) (< |T2#4| |T1#1|)))
; [lock] the holds of lock l from T1#4.reacquire and from T2#2 do not overlap
(assert (or (< |cut| |T1#4.reacquire|) (< |cut| |T2#2|) (< |T1#5| |T2#2|) (< |T2#4| |T1#4.reacquire|)))
; [signal] T2#3 can wake T1#4 only while it waits
(assert (or (not |woke_T1#4_by_T2#3|) (and (< |T1#4.release| |T2#3|) (< |T2#3| |T1#4.wake|))))
; [signal] wait T1#4 wakes only after a notify on l issued while it waited
(assert (or (< |cut| |T1#4.wake|) |woke_T1#4_by_T2#3|))
; [readwrite] every read up to T1#2 is consistent
(assert (or (not |allc_T1#2|) |cons_T1#2|))
; [readwrite] T1#2 reads 1 from y as in the trace
(assert (or (not |cons_T1#2|) (< |T2#1| |T1#2|)))
; [readwrite] the reads before branch T1#3 keep their values once it is scheduled
(assert (or (< |cut| |T1#3|) |allc_T1#2|))
; [pattern] T1#5 (a) is in the schedule
(assert (< |T1#5| |cut|))
; [pattern] T2#1 (b) is in the schedule
(assert (< |T2#1| |cut|))
; [pattern] the chosen events satisfy the pattern
(assert (< |T2#1| |T1#5|))
(check-sat)
(get-model)
