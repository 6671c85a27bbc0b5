// Package atomicity decides whether the observed run of a trace — its
// events in the recorded (file) order — is conflict-serializable with
// respect to its atomic blocks, and blames the block that closes each
// cycle, as Velodrome does (Flanagan, Freund and Yi, PLDI 2008; seed 004).
//
// It answers a different question from the predictive AtomicityViolation
// property of package props: that one asks whether *some* feasible
// schedule interleaves an atomic block badly; this one asks whether the
// schedule that was recorded did. It imports only package trace.
//
// The analysis is online and keeps a transactional happens-before graph
// whose nodes are transactions (an atomic block with everything nested in
// it, or a run of operations outside any block) and whose edges are
// conflicts between them (Velodrome's rules, plus fork and join). Nodes
// are garbage-collected as soon as they cannot lie on a cycle — finished
// and without incoming edges — and operations outside blocks are merged
// into their thread's previous node when that adds no ordering, so the
// live graph stays small and the work per event is small: linear in the
// trace in practice (docs/atomicity.md, Cost).
package atomicity
