#!/usr/bin/env bash
# bench/record-java.sh: the overhead of recording Java programs
# (docs/recording-java.md, Overhead). For a synchronisation-heavy workload
# (bench/java/overhead/SyncHeavy.java: THREADS threads × ITERS iterations
# of a monitor-protected update, a ReentrantLock-protected array update, a
# volatile write and an atomic increment) it compares the workload's own
# time (printed by the program: JVM start and class loading excluded)
# plainly and with the agent, best of RUNS, and the process CPU time (user
# + system) of both, which a loaded machine perturbs less than wall time:
# ns per event = (recorded − plain) / events. For each FIG. 18 driver it
# compares the wall time of the java process, plain and recorded (the
# seconds gpredict record reports for its run), best of RUNS.
#
# Environment: THREADS (4), ITERS (20000), RUNS (3).
# Usage: bench/record-java.sh
set -euo pipefail
cd "$(dirname "$0")/.."
THREADS=${THREADS:-4}
ITERS=${ITERS:-20000}
RUNS=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash record/java/agent/build.sh
go build -o "$work/gpredict" ./cmd/gpredict
agent=record/java/agent/build/gpredict-agent.jar
J=/usr/share/java
javac -nowarn -d "$work/oh" bench/java/overhead/SyncHeavy.java
javac -nowarn -d "$work/fig18" -cp "$J/jfreechart.jar:$J/jcommon.jar:$J/h2.jar:$J/derby.jar" examples/java/fig18/fig18/*.java
echo "# $(date -u +%FT%TZ), $(nproc) CPUs, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# best FILE: the smallest number in FILE (one per line).
best() { sort -g "$1" | head -1; }

: >"$work/p.ns"; : >"$work/r.ns"; : >"$work/p.cpu"; : >"$work/r.cpu"
for i in $(seq "$RUNS"); do
  /usr/bin/time -f '%U %S' -o "$work/t" java -cp "$work/oh" SyncHeavy "$THREADS" "$ITERS" | awk '{print $2}' >>"$work/p.ns"
  awk '{print $1 + $2}' "$work/t" >>"$work/p.cpu"
  /usr/bin/time -f '%U %S' -o "$work/t" "$work/gpredict" record -o "$work/rec" --props DataRace --agent "$agent" \
    -- java -cp "$work/oh" SyncHeavy "$THREADS" "$ITERS" >"$work/out" 2>"$work/err"
  awk '{print $2}' "$work/out" >>"$work/r.ns"
  # the java process's CPU: gpredict's own (collection) is not the program's
  awk '{print $1 + $2}' "$work/t" >>"$work/r.cpu.all"
done
events=$(sed -n 's/.*recorded \([0-9]*\) events.*/\1/p' "$work/err")
# CPU of the recorded java process alone: run it once more with the agent directly.
mkdir -p "$work/raw"
printf 'raw %s\n' "$work/raw" >"$work/conf"
for i in $(seq "$RUNS"); do
  rm -f "$work/raw"/*
  /usr/bin/time -f '%U %S' -o "$work/t" java -javaagent:"$agent=$work/conf" -cp "$work/oh" SyncHeavy "$THREADS" "$ITERS" >/dev/null
  awk '{print $1 + $2}' "$work/t" >>"$work/r.cpu"
done
pn=$(best "$work/p.ns"); rn=$(best "$work/r.ns"); pc=$(best "$work/p.cpu"); rc=$(best "$work/r.cpu")
echo "SyncHeavy $THREADS×$ITERS: $events events"
awk -v pn="$pn" -v rn="$rn" -v pc="$pc" -v rc="$rc" -v ev="$events" 'BEGIN {
  printf "  workload time: plain %.3f s, recorded %.3f s: %.0f ns/event, slowdown %.0fx\n", pn/1e9, rn/1e9, (rn-pn)/ev, rn/pn
  printf "  process CPU:   plain %.2f s, recorded %.2f s: %.0f ns/event, slowdown %.1fx\n", pc, rc, (rc-pc)*1e9/ev, rc/pc
}'

# driver NAME RECORD-FLAGS -- JAVA-ARGS...
driver() {
  local name=$1
  shift
  local rec=()
  while [ "$1" != -- ]; do rec+=("$1"); shift; done
  shift
  : >"$work/dp"; : >"$work/dr"
  for i in $(seq "$RUNS"); do
    /usr/bin/time -f '%e' -o "$work/t" java "$@" >/dev/null 2>&1
    cat "$work/t" >>"$work/dp"
    "$work/gpredict" record -o "$work/d" --agent "$agent" "${rec[@]}" -- java "$@" >/dev/null 2>"$work/err"
    sed -n 's/.*events of [0-9]* threads ([0-9]* classes instrumented, \([0-9.]*\)s).*/\1/p' "$work/err" >>"$work/dr"
  done
  local ev
  ev=$(sed -n 's/.*recorded \([0-9]*\) events.*/\1/p' "$work/err")
  awk -v n="$name" -v p="$(best "$work/dp")" -v r="$(best "$work/dr")" -v ev="$ev" \
    'BEGIN { printf "  %-13s %8d events  plain %5.2f s  recorded %5.2f s  slowdown %.1fx\n", n, ev, p, r, r/p }'
}
echo "FIG. 18 drivers (wall time of the java process; their sleeps included):"
driver jfreechart --props UnsafeIterator -- -Djava.awt.headless=true -cp "$work/fig18:$J/jfreechart.jar:$J/jcommon.jar" fig18.JFreeChartListeners
driver h2 --props UnsafeDatabaseAccess --include fig18 -- -cp "$work/fig18:$J/h2.jar" fig18.H2DatabaseAccess
driver derby --props CheckThenAct,NullDereference --include fig18,org.apache.derby.impl.services.locks,org.apache.derby.impl.sql.conn -- -cp "$work/fig18:$J/derby.jar" fig18.DerbyStatementCache
driver stringbuffer --props AtomicityViolation --atomic '* StringBuffer.append(..)' --log-branches -- -cp "$work/fig18" fig18.StringBufferAtomicity
driver jdk --props Deadlock -- -cp "$work/fig18" fig18.StringBufferDeadlock
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
