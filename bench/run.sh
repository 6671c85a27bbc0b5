#!/usr/bin/env bash
# Runs the engine benchmarks (predict/bench_test.go: generated traces of
# 1K, 10K and 100K events, a race property and CheckThenAct; DataRace on
# real traces) once each, with the CLI's default time limit of 10 s per
# candidate (GPREDICT_BENCH_TIMEOUT=DURATION changes it, 0 for none), and
# prints a table: events, candidates, pre-filtered, solver calls,
# violations, unknown, seconds. GPREDICT_BENCH picks benchmarks (a go test
# -bench regexp; default: the sizes that take under a minute, e.g.
# GPREDICT_BENCH='Benchmark(Race|CheckThenAct)/100000$' takes about 5 minutes).
# GPREDICT_BENCH_STUB=1 answers every solver call Unsat with a stub, to
# measure enumeration and pre-filtering alone (e.g.
# GPREDICT_BENCH='DataRaceReal/Dbcp2').
# Usage: bench/run.sh [extra go test flags]
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(go test ./predict -run '^$' -bench "${GPREDICT_BENCH:-Benchmark(Race|CheckThenAct)/1000$|DataRaceReal/(Account|Dbcp1)}" -benchtime 1x "$@")
echo "$out" | grep -q '^ok' || { echo "$out"; exit 1; }
echo "$out" | grep -q 'no solver linked in' && echo "note: no solver linked in; solver calls were answered by a stub"
printf '%-22s %8s %11s %12s %12s %10s %8s %9s\n' benchmark events candidates pre-filtered solver-calls violations unknown seconds
echo "$out" | awk '/^Benchmark/ {
  name=$1; sub(/-[0-9]+$/, "", name); sub(/^Benchmark/, "", name)
  for (i = 3; i < NF; i += 2) m[$(i+1)] = $i
  printf "%-22s %8d %11d %12d %12d %10d %8d %9.3f\n", name, m["events"], m["candidates"], m["prefiltered"], m["solvercalls"], m["violations"], m["unknown"], m["ns/op"]/1e9
}'
