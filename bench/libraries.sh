#!/usr/bin/env bash
# bench/libraries.sh — a real library's concurrent tests end to end
# (docs/recording.md, "Real libraries"): records them with gpredict
# record, predicts with --props all, and prints the figures.
#
#   bench/libraries.sh bigcache|ristretto|golang-lru CHECKOUT [RUNS]
#   BASE=PATH bench/libraries.sh ...
#
# CHECKOUT is a clone of github.com/allegro/bigcache (v3),
# github.com/dgraph-io/ristretto (v2) or github.com/hashicorp/golang-lru
# (v2): this script fetches nothing, and nothing of these libraries is in
# this repository. The tests run are the library's concurrent tests named
# below (bigcache's are issue 24's; golang-lru's, every test of its
# expirable package, the one with goroutines; not its Example, which
# fails when the machine is loaded).
#
# Printed, best of RUNS (default 3) for the times, plain and recorded runs
# alternating:
#   plain, recorded   wall time of the test binary alone (go test -exec
#                     times it: the build is excluded), and its peak RSS
#   cpu s p/r         its CPU time (user + system), plain / recorded, of
#                     the same runs (less sensitive to a loaded machine)
#   slowdown          recorded / plain
#   collect           gpredict's own peak RSS while recording and
#                     collecting (the go build it runs is not counted)
#   events, goroutines, unproduced   of the trace (unproduced: reads of a
#                     value that no write and no init produces)
#   predict           predict --props all: wall time, peak RSS, reports,
#                     unknown candidates, and the peak per trace event; run
#                     under `capped 6000 900` when capped is on PATH
#                     (killed past 6000 MB or 900 s); PREDICT=0 in the
#                     environment skips it
#
# With BASE, the path of another gpredict binary (say, one built from the
# commit before a change), each run also records with it, right after this
# tree's recording, and a second row ("base") follows: a before-and-after
# comparison under the same load (its events are its own trace's; the
# prediction is of this tree's).
set -euo pipefail
usage="usage: bench/libraries.sh bigcache|ristretto|golang-lru CHECKOUT [RUNS]"
lib=${1:?$usage}
dir=$(cd "${2:?$usage}" && pwd)
runs=${3:-3}
pkg=.
case $lib in
bigcache)
	tests='TestWriteAndReadParallelSameKeyWithStats|TestEntriesIteratorWithConcurrentUpdate|TestAppendRandomly|TestAppendAndGetOnCache|TestClosing|TestCacheDel$|TestWriteAndGetOnCache|TestOnRemove|TestCacheReset|TestGetOnResetCache|TestIterateOnResetCache|TestCacheStats|TestCache_SetWithoutCleanWindow' ;;
ristretto)
	tests='TestCacheProcessItems|TestCacheSet$|TestCacheGet$|TestCacheDel$|TestCacheClear$|TestCacheMetrics$|TestStressSetGet|TestPolicyProcessItems|TestRingDrain|TestRingConsumer|TestDropUpdates|TestCacheKeyToHash|TestUpdateMaxCost|TestCacheInternalCost|TestStressHitRatio' ;;
golang-lru)
	tests='^Test' pkg=./expirable ;; # its Example is timing-sensitive (fails under load)
*)
	echo "bench/libraries.sh: unknown library $lib; want bigcache, ristretto or golang-lru" >&2
	exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root" && go build -o bin/gpredict ./cmd/gpredict)
gp=$root/bin/gpredict
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The test binary's own wall time, peak RSS and CPU time (user, system),
# written to $work/bin.time.
cat >"$work/timed" <<EOF
#!/bin/sh
exec /usr/bin/time -o "$work/bin.time" -f "%e %M %U %S" "\$@"
EOF
chmod +x "$work/timed"
cap=()
if command -v capped >/dev/null; then cap=(capped 6000 900); fi

. "$root/bench/peak.sh"

cd "$dir"
# The plain and the recorded runs alternate, so that both see the same
# load (the machine is shared).
declare -A recorded=() collect=()
# record NAME GPREDICT: records the tests with the gpredict binary
# GPREDICT into $work/NAME, keeping NAME's best time and peak collect.
record() {
	local name=$1 gp=$2 pid c t
	rm -rf "$work/$name"
	"$gp" record -o "$work/$name" -- go test -count=1 -exec "$work/timed" -run "$tests" "$pkg" >"$work/$name.out" 2>&1 &
	pid=$!
	c=$(peak $pid)
	if ! wait $pid; then
		# Timing-sensitive tests can fail under load: say so, not silently.
		echo "bench/libraries.sh: recording $lib's tests ($name) failed:" >&2
		tail -20 "$work/$name.out" >&2
		exit 1
	fi
	t=$(tail -1 "$work/bin.time")
	if [ -z "${recorded[$name]:-}" ] || awk -v a="${t%% *}" -v b="${recorded[$name]%% *}" 'BEGIN {exit !(a < b)}'; then
		recorded[$name]=$t
	fi
	[ "$c" -gt "${collect[$name]:-0}" ] && collect[$name]=$c
	return 0
}
for _ in $(seq "$runs"); do
	go test -count=1 -exec "$work/timed" -run "$tests" "$pkg" >/dev/null
	tail -1 "$work/bin.time" >>"$work/plain.times"
	record rec "$gp"
	if [ -n "${BASE:-}" ]; then
		record base "$BASE"
	fi
done
plain=$(sort -g "$work/plain.times" | head -1)
read -r pt pm pu ps <<<"$plain"
printf '%-10s %-14s %-16s %-9s %-13s %-11s %-9s %-10s %-11s\n' library "plain s (MB)" "recorded s (MB)" slowdown "cpu s p/r" "collect MB" events goroutines unproduced
# row LABEL NAME: the figures of NAME's recordings.
row() {
	local check events threads unproduced rt rm ru rs
	check=$("$gp" trace check --format json "$work/$2/trace.trace")
	events=$(echo "$check" | sed -n 's/^  "events": \([0-9]*\),/\1/p')
	threads=$(echo "$check" | sed -n 's/^  "threads": \([0-9]*\),/\1/p')
	unproduced=$(echo "$check" | tr -d '\n ' | grep -o '"code":"unproduced-read","kind":"[^"]*","count":[0-9]*' | sed 's/.*"count"://' || true)
	read -r rt rm ru rs <<<"${recorded[$2]}"
	printf -v "events_$2" %s "$events"
	printf '%-10s %-14s %-16s %-9s %-13s %-11s %-9s %-10s %-11s\n' "$1" "$pt ($((pm / 1024)))" "$rt ($((rm / 1024)))" \
		"$(awk -v a="$rt" -v b="$pt" 'BEGIN {printf "%.1fx", a / b}')" "$(awk -v a="$pu" -v b="$ps" -v c="$ru" -v d="$rs" 'BEGIN {printf "%.2f/%.2f", a + b, c + d}')" \
		"$((${collect[$2]} / 1024))" "$events" "$threads" "${unproduced:-0}"
}
row "$lib" rec
if [ -n "${BASE:-}" ]; then
	row base base
fi
trace=$work/rec/trace.trace
events=$events_rec
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "${PREDICT:-1}" = 0 ] && exit 0
set +e
/usr/bin/time -o "$work/pred.time" -f "%e %M" "${cap[@]}" "$gp" predict --props all --witness none "$trace" >"$work/pred.out" 2>"$work/pred.err"
status=$?
set -e
summary=$(grep -E '^[0-9]+ reports?,' "$work/pred.out" || echo "no summary (exit status $status) $(grep capped "$work/pred.err" | head -1 || true)")
pred=$(tail -1 "$work/pred.time")

read -r qt qm <<<"$pred"
echo "predict --props all: ${qt}s, $((qm / 1024)) MB peak ($((qm * 1024 / events)) bytes per event); $summary"
grep -E '^\[[0-9]+/[0-9]+\]' "$work/pred.out" | sed 's/^/  /' || true
