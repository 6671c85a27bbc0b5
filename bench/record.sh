#!/usr/bin/env bash
# bench/record.sh — the slowdown of `gpredict record` (docs/recording.md).
#
# Runs the workload of bench/recorder (goroutines locking a mutex, updating
# shared fields, writing a map and passing values over a channel) plainly
# and under `gpredict record`, RUNS times each, and prints the workload's
# own timing (build and collection excluded), the events recorded, the cost
# per event and the slowdown, best of RUNS. Usage:
#
#   bench/record.sh [RUNS] [ITERS]      # defaults: 3 runs, 20000 iterations per goroutine
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
iters=${2:-20000}
go build -o bin/gpredict ./cmd/gpredict
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
best() { sort -g | head -1; }
plain=$(for _ in $(seq "$runs"); do (cd bench/recorder && go run . -iters "$iters") | sed -E 's/.* in ([0-9.]+)s.*/\1/'; done | best)
rec=$(for _ in $(seq "$runs"); do
	(cd bench/recorder && ../../bin/gpredict record -o "$out" -- go run . -iters "$iters" 2>"$out/log") | sed -E 's/.* in ([0-9.]+)s.*/\1/'
done | best)
events=$(bin/gpredict trace check --format json "$out/trace.trace" | sed -n 's/^  "events": \([0-9]*\),/\1/p')
awk -v p="$plain" -v r="$rec" -v e="$events" 'BEGIN {
	printf "%-10s %-12s %-12s %-10s %-8s\n", "events", "plain (s)", "recorded (s)", "ns/event", "slowdown"
	printf "%-10d %-12.3f %-12.3f %-10.0f %-8.0fx\n", e, p, r, (r - p) * 1e9 / e, r / p
}'
