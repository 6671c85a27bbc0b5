#!/usr/bin/env bash
# bench/race-samerun.sh — issue #20's "a superset of -race on the run it
# records", checked on the very run: each GoBench kernel's test is
# recorded by `gpredict record` while it runs under `go test -race`, and
# every race the race detector prints in that run must be predicted from
# that run's trace.
#
# Usage: bench/race-samerun.sh GOBENCH_DIR [KERNEL_FILTER]
#
# GOBENCH_DIR is a checkout of GoBench (github timmyyuan/gobench; it has
# no license: each kernel is copied into a temporary module outside the
# repository, never into it). KERNEL_FILTER (a grep regexp on
# "project/number") picks some; GPREDICT_SAMERUN_SET=blocking or all adds
# the blocking kernels (default nonblocking); GPREDICT_SAMERUN_RUNS
# (default 3) is how many runs of each kernel are recorded.
#
# For each run: `gpredict record -- go test -race -count=1 -timeout 20s .`,
# then `gpredict predict --props DataRace,GoConcurrentMapWrite,
# GoMapIterationWrite,GoSendOnClosedChannel,GoWaitGroupReuse` (the
# properties whose violations the race detector reports as races: it
# reports an Add from zero unordered with a Wait as a race on the
# WaitGroup) on its trace. A race the
# detector printed is named by the innermost frame in the kernel's own
# files of each of its two accesses (the recorder's frames above them are
# skipped: it reads the value the program read); it is predicted when a
# report has an event at each of the two lines (one event, or two, at a
# line that races with itself), within 2 lines as bench/gobench.sh
# matches: the race detector puts a select's case operands on the line of
# the `select`, the recorder on the case's. A race with an access outside the
# kernel's files is counted apart ("outside"): nothing was recorded there.
#
# The recorder's own bookkeeping synchronises (a mutex per goroutine, a
# global counter at synchronisation events), and the race detector sees
# that as happens-before, so under recording it may report less than
# alone. The script also runs each kernel's test as many times under
# plain `go test -race` and prints both rates: runs with a race report,
# recorded and plain.
#
# Columns: kernel; runs; recorded runs in which -race reported a race;
# races (distinct pairs of lines over the runs) -race reported; of them
# predicted from the same run's trace; outside; the missed pairs; plain
# -race runs with a race report. Needs jq. GPREDICT_SAMERUN_KEEP=DIR keeps
# each kernel's module, recordings, logs and predictions in DIR.
set -uo pipefail
. "$(dirname "$0")/goker.sh"
goker_args "$0" "$@"
runs=${GPREDICT_SAMERUN_RUNS:-3}
set=${GPREDICT_SAMERUN_SET:-nonblocking}
props=DataRace,GoConcurrentMapWrite,GoMapIterationWrite,GoSendOnClosedChannel,GoWaitGroupReuse
[ -d "$gobench/nonblocking" ] || { echo "race-samerun.sh: $1 has no gobench/goker/nonblocking" >&2; exit 2; }
command -v jq >/dev/null || { echo "race-samerun.sh: needs jq" >&2; exit 2; }
(cd "$repo" && go build -o bin/gpredict ./cmd/gpredict) || exit 2
gp=$repo/bin/gpredict
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# races LOG DIR prints each race the race detector reported in LOG as the
# innermost frames in DIR of its two accesses ("file.go:12<TAB>file.go:30",
# "?" for an access with no frame in DIR), one line per race.
races() {
	awk -v dir="$2/" '
		/^WARNING: DATA RACE/ { inrace = 1; n = 0; want = 0; next }
		inrace && /^(Previous )?([Aa]tomic )?([Rr]ead|[Ww]rite) at .* by / { if (want) loc[n++] = "?"; want = 1; next }
		inrace && want && index($1, dir) == 1 { l = $1; sub(/.*\//, "", l); loc[n++] = l; want = 0; next }
		inrace && /^Goroutine / { if (want) { loc[n++] = "?"; want = 0 } }
		inrace && /^==================$/ {
			if (want) loc[n++] = "?"
			if (n >= 2) print (loc[0] < loc[1] ? loc[0] "\t" loc[1] : loc[1] "\t" loc[0])
			inrace = 0
		}' "$1"
}

# near (an awk program) exits 0 when a line of its input, the locations of
# one report, has a location within 2 lines of a and one of b.
near='
	function close_to(x, y,   fx, fy) {
		fx = x; sub(/:[0-9]+$/, "", fx); fy = y; sub(/:[0-9]+$/, "", fy)
		if (fx != fy) return 0
		sub(/.*:/, "", x); sub(/.*:/, "", y)
		return x - y <= 2 && y - x <= 2
	}
	{ ha = hb = 0; for (i = 1; i <= NF; i++) { ha = ha || close_to($i, a); hb = hb || close_to($i, b) } }
	ha && hb { f = 1 }
	END { exit !f }'

printf '%-18s %4s %9s %6s %9s %7s  %-40s %6s\n' kernel runs race-runs races predicted outside missed plain
tk=0 traced=0 tpred=0 tout=0 trr=0 tplain=0 truns=0
for k in $(goker_kernels "$gobench" "$set" | sort); do
	name=$(goker_name "$k")
	echo "$name" | grep -qE "$filter" || continue
	tk=$((tk + 1))
	mod=$work/$(echo "$name" | tr / _)
	goker_module "$k" "$mod"
	racy=0 plain=0
	: >"$mod/pairs"
	: >"$mod/missed"
	for i in $(seq 1 "$runs"); do
		rec=$mod/rec$i
		(cd "$mod" && timeout 120 "$gp" record -o "$rec" -- go test -race -count=1 -timeout 20s . >"$mod/log$i" 2>&1)
		races "$mod/log$i" "$mod" | sort -u >"$mod/races$i"
		[ -s "$mod/races$i" ] && racy=$((racy + 1))
		tr '\t' ' ' <"$mod/races$i" >>"$mod/pairs"
		# Without a trace (the recording failed) no report is found.
		: >"$mod/sets$i"
		if [ -s "$mod/races$i" ] && [ -f "$rec/trace.trace" ]; then
			timeout 600 "$gp" predict --props "$props" --timeout 10s --format json "$rec/trace.trace" >"$mod/pred$i.json" 2>/dev/null
			jq -r '.violations[] | [.events[].loc | sub(".*/"; "")] | unique | join(" ")' "$mod/pred$i.json" 2>/dev/null >"$mod/sets$i"
		fi
		while IFS=$'\t' read -r a b; do
			# Missed unless a report has events near both lines (near).
			awk -v a="$a" -v b="$b" -f <(echo "$near") "$mod/sets$i" || echo "$a $b" >>"$mod/missed"
		done <"$mod/races$i"
		(cd "$mod" && timeout 120 go test -race -count=1 -timeout 20s . >"$mod/plain$i" 2>&1)
		grep -q '^WARNING: DATA RACE' "$mod/plain$i" && plain=$((plain + 1))
	done
	pairs=$(sort -u "$mod/pairs" | grep -c .)
	out=$(sort -u "$mod/pairs" | grep -c '?')
	# A race is predicted when it was in every run that reported it.
	sort -u "$mod/missed" | grep -v '?' >"$mod/missed.u"
	missed=$(tr ' \n' '~,' <"$mod/missed.u" | sed 's/,$//')
	pred=$((pairs - out - $(grep -c . "$mod/missed.u")))
	traced=$((traced + pairs)) tpred=$((tpred + pred)) tout=$((tout + out)) trr=$((trr + racy)) tplain=$((tplain + plain)) truns=$((truns + runs))
	[ -z "${GPREDICT_SAMERUN_KEEP:-}" ] || { mkdir -p "$GPREDICT_SAMERUN_KEEP" && rm -rf "${GPREDICT_SAMERUN_KEEP:?}/$(basename "$mod")" && cp -r "$mod" "$GPREDICT_SAMERUN_KEEP"/; }
	printf '%-18s %4s %9s %6s %9s %7s  %-40s %6s\n' "$name" "$runs" "$racy" "$pairs" "$pred" "$out" "${missed:-}" "$plain"
done
echo
echo "$tk kernels, $truns recorded runs: -race reported races in $trr of them ($tplain of as many plain -race runs); $traced distinct races, $tpred predicted from the same run's trace, $tout with an access outside the kernel's files"
