// Package deadlock is the Deadlock built-in of the catalogue: it finds
// the cycles of the lock-order graph of a trace (of any number of
// threads, within documented bounds), decides for each whether a feasible
// schedule leaves every thread of the cycle holding its lock and
// requesting the next one, and re-checks every witness with the replay
// validator. It is a package of its own, beside the catalogue (package
// props, which lists it), because it is a prediction engine of its own:
// the cycle search, a must-happen-before pre-filter, a greedy witness
// search, the cut traces it asks the solver about, and its own witness
// checks.
package deadlock
