#!/usr/bin/env bash
# Compares `gpredict atomicity` with RAPID's Velodrome and Aerodrome
# (github.com/umangm/rapid, built outside this repository; not needed by
# any test) and prints a table: trace, events, the verdict of each
# (ok = serializable, VIOL = a violation), and each one's own analysis
# time in milliseconds (JVM start-up excluded; ours from --format json).
#
# Traces: the 31 litmus and 11 std traces of ../shared/traces (they have
# no atomic blocks), the atomicity test traces converted to STD, and N
# random recorded executions with atomic blocks (bench/atomicitygen; N
# defaults to 60). A last line counts agreements.
#
# Usage: RAPID_DIR=/path/to/rapid bench/atomicity.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${RAPID_DIR:?set RAPID_DIR to the directory of RAPID, with classes/ and lib/}"
n=${1:-60}
go build -o bin/gpredict ./cmd/gpredict
gen=$(mktemp -d)
trap 'rm -rf "$gen"' EXIT
mkdir "$gen/random" "$gen/tests"
go run ./bench/atomicitygen -dir "$gen/random" -n "$n"
go run ./bench/atomicitygen -dir "$gen/tests" -convert atomicity/testdata/*.trace
cp="$RAPID_DIR/classes:$RAPID_DIR/lib/*:$RAPID_DIR/lib/jgrapht/*"

# rapid ENGINE FILE prints "VERDICT MS" from RAPID's own output.
rapid() {
  local out abs
  abs=$(realpath "$2")
  out=$(cd "$RAPID_DIR" && java -cp "$cp" "$1" -f std -p "$abs" 2>&1) || { echo "error -"; return; }
  local v=ok
  grep -q '^Atomicity violation detected' <<<"$out" && v=VIOL
  grep -q '^No atomicity violation detected' <<<"$out" || [ "$v" = VIOL ] || v=error
  echo "$v $(sed -n 's/^Time for full analysis = \([0-9]*\) milliseconds/\1/p' <<<"$out")"
}

# ours FILE prints "VERDICT MS EVENTS".
ours() {
  local out code=0
  out=$(bin/gpredict atomicity --format json "$1" 2>/dev/null) || code=$?
  local v=error
  [ "$code" = 0 ] && v=ok
  [ "$code" = 1 ] && v=VIOL
  local s e
  s=$(sed -n 's/.*"seconds": \([0-9.e-]*\).*/\1/p' <<<"$out")
  e=$(sed -n 's/.*"events": \([0-9]*\).*/\1/p' <<<"$out" | head -1)
  echo "$v $(awk -v s="${s:-0}" 'BEGIN { printf "%.0f", s * 1000 }') ${e:--}"
}

printf '%-22s %8s %10s %10s %10s %8s %8s %8s\n' trace events velodrome aerodrome gpredict ms-velo ms-aero ms-ours
agree=0 total=0 differ=()
for f in ../shared/traces/litmus/*.std ../shared/traces/std/*.std "$gen"/tests/*.std "$gen"/random/*.std; do
  read -r vv vt <<<"$(rapid Velodrome "$f")"
  read -r av at <<<"$(rapid Aerodrome "$f")"
  read -r ov ot ev <<<"$(ours "$f")"
  name=$(basename "$f" .std)
  case "$f" in "$gen"/tests/*) name="test:$name" ;; "$gen"/random/*) name="random:$name" ;; esac
  printf '%-22s %8s %10s %10s %10s %8s %8s %8s\n' "$name" "$ev" "$vv" "$av" "$ov" "${vt:--}" "${at:--}" "$ot"
  total=$((total + 1))
  if [ "$vv" = "$ov" ] && [ "$av" = "$ov" ]; then agree=$((agree + 1)); else differ+=("$name"); fi
done
echo "same verdict from all three on $agree of $total traces${differ:+; different: ${differ[*]}}"
