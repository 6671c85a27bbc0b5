#!/usr/bin/env bash
# bench/record.sh — the slowdown of `gpredict record` beside the race
# detector's (docs/recording.md, Overhead).
#
# Runs the workload of bench/recorder (goroutines locking a mutex, updating
# shared fields, writing a map and passing values over a channel) plainly,
# under `go run -race`, and under `gpredict record`, RUNS times each,
# interleaved, and prints the workload's own timing (build and collection
# excluded), best of RUNS (or their median, STAT=median): the events recorded, and for the race detector
# and the recorder the extra time per recorded event (ns/event: (time -
# plain) / events, so that both are counted against the same events) and
# the slowdown (time / plain); then the same extra time per event in CPU
# time (user and system, of the workload's process while it runs: on a
# machine shared with other jobs it varies less than the wall time).
# Then, of the recorder: the bytes of its raw
# log per event (the pages its lines filled), and `gpredict record`'s own peak RSS while recording and
# collecting (collect MB: the collector's memory, which must not grow with
# the log; the go build and the program it runs are not counted), and the
# load average. Usage:
#
#   bench/record.sh [RUNS] [ITERS]      # defaults: 5 runs, 20000 iterations per goroutine
#   BASE=PATH bench/record.sh [RUNS] [ITERS]
#   STAT=median bench/record.sh [RUNS] [ITERS]
#
# With STAT=median every time is the median of the RUNS runs instead of
# the best (the lowest): on a machine shared with other jobs the best
# of a few runs is the one that the others disturbed least, the median a
# typical one.
#
# With BASE, the path of another gpredict binary (say, one built from the
# commit before a change), each run also records with it, right after the
# recording of this tree's, and a second line of figures ("base") follows:
# a before-and-after comparison under the same load.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/peak.sh
runs=${1:-5}
iters=${2:-20000}
go build -o bin/gpredict ./cmd/gpredict
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
secs() { sed -E 's/.* in ([0-9.]+)s.*/\1/'; }
cpu() { sed -E 's/.*, cpu ([0-9.]+)s.*/\1/'; }
# note NAME: notes the time and CPU time the workload printed in NAME.out.
note() {
	secs <"$out/$1.out" >>"$out/$1.t"
	cpu <"$out/$1.out" >>"$out/$1.c"
}
# run NAME CMD...: runs the workload, noting its time and CPU time.
run() {
	local name=$1
	shift
	"$@" >"$out/$name.out"
	note "$name"
}
# recorded NAME GPREDICT: records the workload with the gpredict binary
# GPREDICT into $out/NAME, notes its time and CPU time under NAME, and
# prints the peak RSS of the recording.
recorded() {
	local name=$1 gp=$2 pid c
	rm -rf "$out/$name"
	(cd bench/recorder && exec "$gp" record --keep-raw -o "$out/$name" -- go run . -iters "$iters" >"$out/$name.out" 2>"$out/$name.log") &
	pid=$!
	c=$(peak $pid)
	wait $pid
	note "$name"
	echo "$c"
}
best() {
	if [ "${STAT:-best}" = median ]; then
		sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'
	else
		sort -g | head -1
	fi
}
(cd bench/recorder && go build -o "$out/plain" . && go build -race -o "$out/race" .)
collect=0 bcollect=0
for _ in $(seq "$runs"); do
	run plain "$out/plain" -iters "$iters"
	run race "$out/race" -iters "$iters"
	c=$(recorded rec "$PWD/bin/gpredict")
	[ "$c" -gt "$collect" ] && collect=$c
	if [ -n "${BASE:-}" ]; then
		c=$(recorded brec "$BASE")
		[ "$c" -gt "$bcollect" ] && bcollect=$c
	fi
done
plain=$(best <"$out/plain.t") race=$(best <"$out/race.t")
pcpu=$(best <"$out/plain.c") rcpu=$(best <"$out/race.c")
# row NAME TIMES RECDIR COLLECT: the figures of the recordings of one
# binary (TIMES.t and TIMES.c, their times and CPU times).
row() {
	local rec rc events raw
	rec=$(best <"$2.t") rc=$(best <"$2.c")
	events=$(bin/gpredict trace check --format json "$3/trace.trace" | sed -n 's/^  "events": \([0-9]*\),/\1/p')
	# The raw log's size on disk: the pages its lines filled (the log is a
	# sparse file of chunks, written through a shared mapping).
	raw=$(du -sk "$3/raw" | cut -f1)
	awk -v n="$1" -v p="$plain" -v r="$race" -v g="$rec" -v pc="$pcpu" -v rc="$rcpu" -v gc="$rc" -v e="$events" -v b="$raw" -v c="$4" 'BEGIN {
		printf "%-6s %-9d %-10.3f %-10.3f %-10.3f %-11.0f %-13.0f %-14s %-16s %-11.0f %-12.0f %-10.1f %-10d\n", n, e, p, r, g, (r - p) * 1e9 / e, (g - p) * 1e9 / e, sprintf("%.0fx", r / p), sprintf("%.0fx", g / p), (rc - pc) * 1e9 / e, (gc - pc) * 1e9 / e, b * 1024 / e, c / 1024
	}'
}
printf "%-6s %-9s %-10s %-10s %-10s %-11s %-13s %-14s %-16s %-11s %-12s %-10s %-10s\n" "" "events" "plain (s)" "race (s)" "record (s)" "race ns/ev" "record ns/ev" "race slowdown" "record slowdown" "race cpu/ev" "record cpu/ev" "raw B/ev" "collect MB"
row this "$out/rec" "$out/rec" "$collect"
if [ -n "${BASE:-}" ]; then
	row base "$out/brec" "$out/brec" "$bcollect"
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
