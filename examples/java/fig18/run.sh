#!/usr/bin/env bash
# Reproduces the FIG. 18 table of docs/recording-java.md: records each
# driver of this directory on Debian's libraries (scripts/setup.sh --dev
# installs them) and predicts its property, printing one table row each:
# threads, model events (events that are not calls), property events,
# violations (every one, with --all) and reports (grouped by location, as
# predict prints them), and predict's seconds. cmd/gpredict's TestFig18
# checks the table with the same recordings.
# Usage: examples/java/fig18/run.sh (from anywhere; GPREDICT=path to use a built binary)
set -euo pipefail
cd "$(dirname "$0")"
root=$(cd ../../.. && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash "$root/record/java/agent/build.sh"
gp=${GPREDICT:-$work/gpredict}
[ -n "${GPREDICT:-}" ] || (cd "$root" && go build -o "$gp" ./cmd/gpredict)
agent=$root/record/java/agent/build/gpredict-agent.jar
J=/usr/share/java
javac -nowarn -g -d "$work/classes" -cp "$J/jfreechart.jar:$J/jcommon.jar:$J/h2.jar:$J/derby.jar" fig18/*.java

# row NAME LIBRARY PROPS PREDICT-FLAGS -- RECORD-FLAGS -- JAVA-ARGS...
row() {
  local name=$1 lib=$2 props=$3 pflags=$4
  shift 4
  local rec=() java=()
  shift # --
  while [ "$1" != -- ]; do rec+=("$1"); shift; done
  shift
  java=("$@")
  local out=$work/$name
  "$gp" record -o "$out" --agent "$agent" "${rec[@]}" -- java "${java[@]}" >/dev/null 2>"$out.rec" || { cat "$out.rec"; return 1; }
  local check
  check=$("$gp" trace check --format json "$out/trace.trace")
  local threads events inv
  threads=$(echo "$check" | sed -n 's/.*"threads": *\([0-9]*\).*/\1/p' | head -1)
  events=$(echo "$check" | sed -n 's/.*"events": *\([0-9]*\).*/\1/p' | head -1)
  inv=$(echo "$check" | tr ',' '\n' | sed -n 's/.*"\(call\|enter\|exit\)": *\([0-9]*\).*/\2/p' | paste -sd+ | bc)
  local text all
  text=$("$gp" predict --props "$props" $pflags --quiet --witness none "$out/trace.trace" 2>/dev/null || true)
  all=$("$gp" predict --props "$props" $pflags --quiet --witness none --all "$out/trace.trace" 2>/dev/null | tail -1 || true)
  local reports violations prop secs
  reports=$(echo "$text" | grep -E '^[0-9]+ reports?,' | sed 's/ report.*//')
  prop=$(echo "$text" | grep -E '^[0-9]+ reports?,' | sed 's/.*, \([0-9]*\) property events.*/\1/')
  secs=$(echo "$text" | grep -E '^[0-9]+ reports?,' | sed 's/.*, \([0-9.]*\)s$/\1/')
  violations=$(echo "$all" | sed 's/^[0-9]* reports\?, \([0-9]*\) violation.*/\1/')
  echo "| $name | $lib | $props | $threads | $((events - inv)) | $prop | $violations ($reports) | $secs |"
}

cp_jfc="$work/classes:$J/jfreechart.jar:$J/jcommon.jar"
echo "| row | library | property | threads | model events | property events | violations (reports) | seconds |"
echo "|---|---|---|---|---|---|---|---|"
row jfreechart "JFreeChart 1.0.19" UnsafeIterator "" -- --props UnsafeIterator -- -Djava.awt.headless=true -cp "$cp_jfc" fig18.JFreeChartListeners
row h2 "H2 2.1.214" UnsafeDatabaseAccess "" -- --props UnsafeDatabaseAccess --include fig18 -- -cp "$work/classes:$J/h2.jar" fig18.H2DatabaseAccess
derby=(--props CheckThenAct,NullDereference --include fig18,org.apache.derby.impl.services.locks,org.apache.derby.impl.sql.conn)
row derby1 "Derby 10.14.2" NullDereference "" -- "${derby[@]}" -- -Dderby.stream.error.file="$work/derby.log" -cp "$work/classes:$J/derby.jar" fig18.DerbyStatementCache
row derby2 "Derby 10.14.2" CheckThenAct "" -- "${derby[@]}" -- -Dderby.stream.error.file="$work/derby.log" -cp "$work/classes:$J/derby.jar" fig18.DerbyStatementCache
row stringbuffer "JDK 17 StringBuffer" AtomicityViolation "--branches explicit" -- --props AtomicityViolation --atomic '* StringBuffer.append(..)' --log-branches -- -cp "$work/classes" fig18.StringBufferAtomicity
row jdk "JDK 17 StringBuffer" Deadlock "" -- --props Deadlock -- -cp "$work/classes" fig18.StringBufferDeadlock
