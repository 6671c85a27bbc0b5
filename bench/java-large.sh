#!/usr/bin/env bash
# bench/java-large.sh: the large recording of docs/recording-java.md. H2
# embedded (Debian's libh2-java, fully instrumented) under a concurrent
# JDBC client (bench/java/large/H2Bank.java: CLIENTS threads, each OPS
# transfers and reads) is recorded once with --format std; then, on that
# one execution, gpredict predicts DataRace, Deadlock and
# AtomicityViolation (each SQL command's execution an atomic region:
# --atomic on org.h2.command.Command.executeUpdate/executeQuery) on the
# text trace, and RAPID's SHB, WCP and SyncPreserving (when RAPID_DIR
# points at a RAPID build) analyse its STD projection; gpredict
# atomicity checks the recorded order itself (Velodrome). Each run is
# capped (capped, on PATH) at MEM_MB and TIME_CAP seconds; a capped run
# says so. Last, racy events: ours (from predict --all's text report, on
# traces of at most RACY_MAX events, interrupted before ALL_CAP) against
# RAPID's, compared on the STD's lines (tabulate racy-java).
#
# Environment: CLIENTS (4), OPS (60), RAPID_DIR, MEM_MB (10000), TIME_CAP
# (1200), ALL_CAP (TIME_CAP: the --all run's), RACY_MAX (2000000), OUT
# (a directory to keep the recording and the outputs in; default a
# temporary one).
# Usage: bench/java-large.sh
set -euo pipefail
cd "$(dirname "$0")/.."
CLIENTS=${CLIENTS:-4}
OPS=${OPS:-60}
MEM_MB=${MEM_MB:-10000}
TIME_CAP=${TIME_CAP:-1200}
ALL_CAP=${ALL_CAP:-$TIME_CAP}
RACY_MAX=${RACY_MAX:-2000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
OUT=${OUT:-$work/out}
mkdir -p "$OUT"

bash record/java/agent/build.sh
go build -o "$work/gpredict" ./cmd/gpredict
go build -o "$work/tabulate" ./bench/tabulate
javac -nowarn -d "$work/classes" bench/java/large/H2Bank.java

# predict's memory budget, below the cap: past it predict stops its
# solver stages (their candidates unknown) instead of being killed.
budget=$((MEM_MB * 5 / 8))MiB

# timed NAME CMD...: runs CMD capped, stdout to $OUT/NAME.out, stderr to
# $OUT/NAME.err; prints "seconds MB" (and "capped" if it was stopped).
timed() {
  local name=$1
  shift
  /usr/bin/time -f '%e %M' -o "$OUT/$name.time" capped "$MEM_MB" "$TIME_CAP" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || true
  local t
  t=$(tail -1 "$OUT/$name.time" | awk '{printf "%.1f s, %d MB", $1, $2/1024}')
  if grep -q '^capped:' "$OUT/$name.err"; then
    t="$t, $(grep '^capped:' "$OUT/$name.err" | head -1)"
  fi
  echo "$t"
}

echo "# $(date -u +%FT%TZ), $(nproc) CPUs, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "record: $(timed record "$work/gpredict" record -o "$OUT/rec" --format std --agent record/java/agent/build/gpredict-agent.jar \
  --props DataRace,AtomicityViolation \
  --atomic '* org.h2.command.Command.executeUpdate(..)' --atomic '* org.h2.command.Command.executeQuery(..)' \
  -- java -cp "$work/classes:/usr/share/java/h2.jar" H2Bank "$CLIENTS" "$OPS")"
grep '^gpredict: recorded' "$OUT/record.err" || { cat "$OUT/record.err"; exit 1; }
trace=$OUT/rec/trace.trace
std=$OUT/rec/trace.std
events=$("$work/gpredict" trace check "$trace" 2>/dev/null | awk '$1 == "events" {print $2}')
echo "STD projection: $(wc -l <"$std") lines"

for p in DataRace Deadlock AtomicityViolation; do
  t=$(timed "$p" "$work/gpredict" predict --props "$p" --stats --quiet --jobs 2 --witness none --memory "$budget" "$trace")
  echo "gpredict $p: $t: $(grep -E '^[0-9]+ reports?,' "$OUT/$p.out" || echo 'no summary (stopped)')"
done

rapid=()
if [ -n "${RAPID_DIR:-}" ]; then
  for e in SHB WCP SyncPreserving; do
    t=$(timed "rapid-$e" java -Xmx8g -cp "$RAPID_DIR/classes:$RAPID_DIR/lib/*:$RAPID_DIR/lib/jgrapht/*" "$e" -f std -v 1 -p "$std")
    echo "RAPID $e: $t: $(grep -i "racy" "$OUT/rapid-$e.out" | tail -2 | tr '\n' ' ')"
    rapid+=("$e=$OUT/rapid-$e.out")
  done
fi

# Observed atomicity (Velodrome) of the same run: is the recorded order
# conflict-serializable with respect to the SQL commands?
echo "gpredict atomicity: $(timed atomicity "$work/gpredict" atomicity "$trace"): $(cat "$OUT/atomicity.out" "$OUT/atomicity.err" | tail -1)"

if [ "$events" -le "$RACY_MAX" ]; then
  # SIGINT at the time limit (before capped's kill): predict then writes
  # the reports it decided until then. Text, not JSON: the JSON document
  # spells out every witness's schedule (gigabytes here).
  t=$(TIME_CAP=$ALL_CAP timed all timeout -s INT "$((ALL_CAP - 10))" "$work/gpredict" predict --props DataRace --all --witness none --quiet --jobs 2 --memory "$budget" "$trace")
  grep -q '^interrupted' "$OUT/all.out" && t="$t, interrupted: ours are those decided until then"
  echo "gpredict DataRace --all: $t"
  echo "racy events (ours, then per RAPID engine: theirs/ours lack): $("$work/tabulate" racy-java "$trace" "$OUT/all.out" "${rapid[@]}" | tr '\t' ' ')"
fi
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
