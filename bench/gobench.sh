#!/usr/bin/env bash
# bench/gobench.sh — gpredict record + predict on the GoBench kernels
# (github timmyyuan/gobench, CGO 2021), against `go test -race`.
#
# Usage: bench/gobench.sh GOBENCH_DIR [KERNEL_FILTER]
#
# GOBENCH_DIR is a checkout of GoBench (it holds gobench/goker). GoBench
# has no license: nothing of it is copied into this repository; each kernel
# is copied into a temporary module of its own (outside the repository)
# and recorded there. The kernels: every one of goker/nonblocking and of
# goker/blocking — the resource deadlocks that Deadlock models (AB-BA,
# double locking, RWR) and the communication deadlocks and leaks that
# Blocked models (channels, channels with locks, contexts, WaitGroups and
# condition variables). KERNEL_FILTER (a grep regexp on
# "project/number") picks some.
#
# For each kernel: one run of its test recorded with `gpredict record`,
# then `gpredict predict --props all --timeout 10s`; the documented bug is
# "found" when a predicted violation points at the lines the kernel's
# README backtrace shows (both accesses of a data race; for the other
# properties, one of their events), within 2 lines: some backtraces were
# taken from an earlier version of the kernel file. A kernel whose README
# has no backtrace (most double-locking ones) is found when a Deadlock
# report points into a function that the kernel marks as the bug's with
# a comment (`// block here`, `// blocked here`, `/// Missing unlock
# here`, `// Second locking`, `// Double lock here`).
# A Blocked or Deadlock report one of whose waiting goroutines has a
# stack frame at a line the kernel marks is found too (the mark is on the
# call, moby/21233's `Release(...) /// Block here`; the summary counts
# these). A Blocked or Deadlock report with an event in the function that one of
# the backtrace's goroutines is blocked in is found too (its lines are
# shifted by the kernel's header comment); the summary counts these.
# A kernel whose README names no line and whose file marks none has its
# lines in bench/gobench-judged.tsv instead: where its goroutines wait in
# the interleaving its description draws, read off the kernel by hand
# (line numbers and a sentence each, no code of GoBench's); the summary
# counts the kernels found so too.
# A bug found from a run that passed is *predicted* when the run went on
# past the report's blocked events, and *left by the run* when each of
# them is its goroutine's last event: the test passed, but the run
# itself left those goroutines waiting there (a leak that happened); the
# summary says how many of each.
# Beside it, the same kernel's test run
# under `go test -race -count=1` again and again for the same wall time:
# "-race found" when some run reports a data race or fails with the
# documented panic or deadlock.
#
# Columns: kernel, type (from the README), events recorded, violations
# predicted (property:location,... — the first three), documented bug
# found, whether the recorded run passed, blocked or panicked (then the
# bug may be found from record's own report of where it blocked,
# "blocked:", or of where it panicked, "panicked:", as -race finds a
# run's panic) — "leaked" for a run that passed whose found report's
# goroutines are the ones the run itself left waiting,
# seconds (record + predict), -race runs in that time, -race found.
# Needs jq. GPREDICT_GOBENCH_TIMEOUT (default 120) bounds one recording,
# GPREDICT_GOBENCH_TEST_TIMEOUT (default 60s) the recorded test's
# -timeout (a blocking kernel that blocks runs until it),
# GPREDICT_GOBENCH_PREDICT_TIMEOUT (default 600) one predict --props all
# (past it the row says so). GPREDICT_GOBENCH_SET=blocking or
# nonblocking runs one of the two sets only. GPREDICT_GOBENCH_GPREDICT=PATH
# records and predicts with another gpredict binary (say, one built from
# the commit before a change) instead of this tree's; GPREDICT_GOBENCH_KEEP=DIR
# keeps each kernel's module, recording (rec/trace.trace), record.log and
# predict.json in DIR/project_number, to read the reports' witnesses;
# GPREDICT_GOBENCH_RESCORE=DIR scores what such a DIR kept instead of
# recording and predicting again (after a change of the scoring): no
# seconds, and -race as its kept last run says.
set -uo pipefail
. "$(dirname "$0")/goker.sh"
goker_args "$0" "$@"
limit=${GPREDICT_GOBENCH_TIMEOUT:-120}
testlimit=${GPREDICT_GOBENCH_TEST_TIMEOUT:-60s}
[ -d "$gobench/nonblocking" ] || { echo "gobench.sh: $1 has no gobench/goker/nonblocking" >&2; exit 2; }
command -v jq >/dev/null || { echo "gobench.sh: needs jq" >&2; exit 2; }
if [ -n "${GPREDICT_GOBENCH_GPREDICT:-}" ]; then
	gp=$(cd "$(dirname "$GPREDICT_GOBENCH_GPREDICT")" && pwd)/$(basename "$GPREDICT_GOBENCH_GPREDICT")
else
	(cd "$repo" && go build -o bin/gpredict ./cmd/gpredict) || exit 2
	gp=$repo/bin/gpredict
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

set=${GPREDICT_GOBENCH_SET:-all}
plimit=${GPREDICT_GOBENCH_PREDICT_TIMEOUT:-600}

# judged DIR prints the lines bench/gobench-judged.tsv gives the kernel
# in DIR ("kernel_test.go:NN", one per line; such a kernel has one test
# file), nothing for a kernel it does not list.
judged() {
	local file
	file=$(basename "$(ls "$1"/*_test.go | head -1)")
	awk -F'\t' -v k="$(goker_name "$1")" '$1 == k { n = split($2, l, ","); for (i = 1; i <= n; i++) print l[i] }' "$repo/bench/gobench-judged.tsv" |
		while read -r l; do echo "$file:$l"; done
}

# leftbyrun TRACE IDS reports whether each event of IDS ("thread#n") is
# the last event of its thread in TRACE (a text trace: a thread's events
# are the lines whose first field is its name).
leftbyrun() {
	local id th n
	for id in $2; do
		th=${id%#*} n=${id##*#}
		[ "$(awk -v t="$th" '$1 == t' "$1" | wc -l)" = "$n" ] || return 1
	done
}

# documented DIR prints the kernel-file lines its README's backtrace
# shows ("kernel_test.go:NN"), one per line; without a backtrace, every
# line of each function (from `func` to its closing `}`) that holds a
# comment marking the bug.
documented() {
	local bt all
	bt=$(sed -n '/[Bb]ackt[r]*ace/,$p' "$1/README.md" | grep -o '[A-Za-z0-9_]*_test\.go:[0-9]*' | sort -u)
	all=$bt
	# Lines the README's description names ("can't be drained at line
	# 70", "No sender for line 33") are of the kernel file as it is.
	for l in $(sed -n '/## Description/,/^##* [A-Z]/p' "$1/README.md" | grep -io 'line [0-9]*' | grep -o '[0-9]*'); do
		for f in "$1"/*_test.go; do all="$all"$'\n'"$(basename "$f"):$l"; done
	done
	all=$(grep . <<<"$all" | sort -u)
	if [ -n "$bt" ]; then echo "$all"; return; fi
	# Without a backtrace the description's lines (kubernetes/70277
	# names the channel's declaration, line 70) and the functions the
	# kernel marks (its `<-doneCh // block here`, line 79) both count.
	[ -z "$all" ] || echo "$all"
	for f in "$1"/*_test.go; do
		awk -v file="$(basename "$f")" '
			/^func / { start = NR; marked = 0 }
			tolower($0) ~ /\/\/.*(blocke?d? here|missing ([a-z_.]+\.)?r?unlock|second locking|double lock)/ { marked = 1 }
			/^}/ { if (start && marked) for (i = start; i <= NR; i++) print file ":" i; start = 0 }
		' "$f"
	done
}

# markedlines DIR prints the kernel-file lines that carry a comment
# marking the bug ("kernel_test.go:NN"), the same comments documented
# looks for.
markedlines() {
	local f
	for f in "$1"/*_test.go; do
		awk -v file="$(basename "$f")" 'tolower($0) ~ /\/\/.*(blocke?d? here|missing ([a-z_.]+\.)?r?unlock|second locking|double lock)/ { print file ":" NR }' "$f"
	done
}

# throughmark TRACE IDS MARKED reports whether the call stack of one of
# the events IDS ("thread#n", n from 1) of TRACE has a frame at one of
# the MARKED lines: the goroutine waits inside a call made from the line
# the kernel marks (moby/21233 marks `Release(...) /// Block here`, and
# the goroutine waits in Release's receive, a few lines away).
throughmark() {
	local id th n st
	[ -n "$3" ] || return 1
	for id in $2; do
		th=${id%#*} n=${id##*#}
		st=$(awk -v t="$th" -v n="$n" '$1 == t && ++k == n { for (i = 2; i <= NF; i++) if ($i ~ /^stack=/) { sub(/^stack=/, "", $i); print $i }; exit }' "$1")
		[ -n "$st" ] || continue
		awk -v s="$st" '$1 == "stack" && $2 == s { for (i = 3; i <= NF; i++) { f = $i; sub(/^.*@/, "", f); sub(/.*\//, "", f); print f }; exit }' "$1" |
			grep -qxF -f <(echo "$3") && return 0
	done
	return 1
}

# blockedin DIR prints, for a README backtrace, the function each of its
# goroutines is blocked in (its innermost frame in the kernel, below the
# sync package's and the runtime's: "(*Tx).awaitDone" as "Tx.awaitDone",
# a closure as the function that holds it), one per line.
# The backtraces were taken from the kernel files before their header
# comments were added, so their lines are off by the header's length
# (cockroach/13197's awaitDone receive is line 27 there, 35 now).
blockedin() {
	sed -n '/[Bb]ackt[r]*ace/,$p' "$1/README.md" | awk '
		/^goroutine [0-9]+ \[/ { want = 1; next }
		want && /^command-line-arguments\..*\(/ {
			name = $1
			sub(/\(0x.*$/, "", name); sub(/\(\)$/, "", name); sub(/\(\.\.\.\)$/, "", name)
			sub(/^[^(]*\.\(/, "(", name); sub(/^command-line-arguments\./, "", name)
			gsub(/[()*]/, "", name); sub(/\.func[0-9.]*$/, "", name)
			print name; want = 0
		}'
}

# funcat FILE LINE prints the function of the kernel file FILE that holds
# LINE, as blockedin names them ("Tx.awaitDone", "restore").
funcat() {
	awk -v line="$2" '
		NR > line { exit }
		/^func / {
			s = $0; sub(/^func /, "", s); recv = ""
			if (s ~ /^\(/) { recv = s; sub(/\).*/, "", recv); sub(/^\([^ ]* \*?/, "", recv); sub(/^\(\*?/, "", recv); sub(/^[^)]*\) */, "", s) }
			sub(/[(\[].*/, "", s)
			name = (recv == "" ? s : recv "." s)
		}
		END { print name }' "$1"
}

# near FILE:LINE DOC [SLACK] reports whether DOC (lines FILE:LINE) has
# FILE within SLACK (default 2) lines of LINE.
near() {
	local f=${1%:*} l=${1##*:} d slack=${3:-2}
	for d in $(echo "$2" | grep "^$f:" | sed 's/.*://'); do
		[ $((d - l)) -le "$slack" ] && [ $((l - d)) -le "$slack" ] && return 0
	done
	return 1
}

printf '%-18s %-22s %7s  %-60s %-6s %-7s %7s %6s %-6s\n' kernel type events "violations predicted" found run seconds race-n race
rescore=${GPREDICT_GOBENCH_RESCORE:-}
[ -z "$rescore" ] || rescore=$(cd "$rescore" && pwd)
total=0 predicted=0 racefound=0 compiled=0 passedfound=0 byfunc=0 panicfound=0 byjudged=0 leftfound=0 bystack=0
for k in $(goker_kernels "$gobench" "$set" | sort); do
	name=$(goker_name "$k")
	echo "$name" | grep -qE "$filter" || continue
	total=$((total + 1))
	kind=$(grep -m1 -E '^\|\[' "$k/README.md" | awk -F'|' '{gsub(/^ +| +$/, "", $7); print $7}' | tr ' ' '_')
	mod=$work/$(echo "$name" | tr / _)
	if [ -n "$rescore" ]; then
		mod=$rescore/$(echo "$name" | tr / _)
		[ -d "$mod" ] || { total=$((total - 1)); continue; }
	else
		goker_module "$k" "$mod"
	fi
	start=$(date +%s.%N)
	out=$mod/rec
	[ -n "$rescore" ] || (cd "$mod" && timeout "$limit" "$gp" record -o "$out" -- go test -count=1 -timeout "$testlimit" . >"$mod/record.log" 2>&1)
	events=-
	viols=""
	found=no
	run=passed
	if [ -f "$out/trace.trace" ]; then
		compiled=$((compiled + 1))
		events=$("$gp" trace check --format json "$out/trace.trace" 2>/dev/null | jq -r '.events')
		if [ -z "$rescore" ]; then
			timeout "$plimit" "$gp" predict --props all --timeout 10s --format json "$out/trace.trace" >"$mod/predict.json" 2>"$mod/predict.log"
			[ $? = 124 ] && viols="(predict --props all stopped after ${plimit}s) "
		fi
		doc=$(documented "$k")
		blocking=$(blockedin "$k")
		marked=$(markedlines "$k")
		slack=2
		# (grep -q reads a variable: in a pipe, sed killed by SIGPIPE would
		# fail the test under pipefail, at random.)
		grep -q '_test\.go:[0-9]' <<<"$(sed -n '/[Bb]ackt[r]*ace/,$p' "$k/README.md")" || slack=0
		judgedlines=""
		if [ -z "$doc" ]; then
			judgedlines=$(judged "$k")
			doc=$judgedlines
			[ -z "$doc" ] || slack=2
		fi
		left=yes # every found report's blocked events were left by the run
		viols=$viols$(jq -r '[.violations[] | .property + ":" + ([.events[].loc | sub(".*/"; "")] | unique | join(","))] | unique | .[:3] | join(" ")' "$mod/predict.json" 2>/dev/null)
		while IFS=$'\t' read -r prop locs ids; do
			[ -n "$prop" ] || continue
			[ "$slack" = 2 ] || [ "$prop" = Deadlock ] || [ "$prop" = Blocked ] || continue # a marked bug is a deadlock or a leak
			n=0 m=0
			for l in $locs; do
				m=$((m + 1))
				near "$l" "$doc" "$slack" && n=$((n + 1))
			done
			if { [ "$prop" = DataRace ] && [ "$n" -ge 2 ]; } || { [ "$prop" != DataRace ] && [ "$n" -ge 1 ]; } || { [ "$m" -eq 1 ] && [ "$n" -eq 1 ]; }; then
				found=yes
				{ [ "$prop" = Blocked ] && leftbyrun "$out/trace.trace" "$ids"; } || left=no
			fi
			# A Blocked or Deadlock report one of whose goroutines waits
			# inside a call made from a line the kernel marks: found
			# too, counted apart (bystack).
			if [ "$found" = no ] && { [ "$prop" = Blocked ] || [ "$prop" = Deadlock ]; } && throughmark "$out/trace.trace" "$ids" "$marked"; then
				found=yes bystack=$((bystack + 1))
				{ [ "$prop" = Blocked ] && leftbyrun "$out/trace.trace" "$ids"; } || left=no
			fi
			# A Blocked or Deadlock report whose event lies in the
			# function a backtrace's goroutine is blocked in (its lines
			# are shifted, blockedin): found too, counted apart (byfunc).
			if [ "$found" = no ] && [ "$slack" = 2 ] && { [ "$prop" = Blocked ] || [ "$prop" = Deadlock ]; }; then
				for l in $locs; do
					f=$k/${l%:*}
					if [ -f "$f" ] && grep -qxF "$(funcat "$f" "${l##*:}")" <<<"$blocking"; then
						found=yes byfunc=$((byfunc + 1))
						{ [ "$prop" = Blocked ] && leftbyrun "$out/trace.trace" "$ids"; } || left=no
						break
					fi
				done
			fi
		done < <(jq -r '.violations[] | .property + "\t" + ([.events[].loc | sub(".*/"; "")] | unique | join(" ")) + "\t" + ([.events[] | select(.name == "blocked") | .id] | join(" "))' "$mod/predict.json" 2>/dev/null)
		# A run that blocked (a deadlock that happened) is reported by
		# record with the places its goroutines wait at: found when one
		# of them is a documented line.
		# Or, as for a report above, when one of them lies in the
		# function a backtrace's goroutine is blocked in.
		while read -r l; do
			near "$l" "$doc" && found=yes
			f=$k/${l%:*}
			if [ "$found" = no ] && [ "$slack" = 2 ] && [ -f "$f" ] && grep -qxF "$(funcat "$f" "${l##*:}")" <<<"$blocking"; then
				found=yes byfunc=$((byfunc + 1))
			fi
		done < <(sed -n 's/^gpredict: warning: the run ended .* waiting in .* at \([^ ,]*\).*/\1/p' "$mod/record.log" | sed 's/.*\///')
		if grep -q '^gpredict: warning: the run ended' "$mod/record.log"; then
			run=blocked
			viols="blocked:$(sed -n 's/^gpredict: warning: the run ended .* at \([^ ,]*\).*/\1/p' "$mod/record.log" | sed 's/.*\///' | sort -u | head -3 | tr '\n' ' ')$viols"
		fi
		# A run that panicked shows its bug itself, as a -race run that
		# panics does: record names where ("the run panicked: MSG at
		# SITE"); found when that is a documented line.
		psite=$(sed -n 's/^gpredict: warning: the run panicked: .* at \([^ ]*:[0-9]*\)\( (in a goroutine.*\)\{0,1\}$/\1/p' "$mod/record.log" | sed 's/.*\///' | head -1)
		if grep -q '^gpredict: warning: the run panicked' "$mod/record.log"; then
			run=panicked
			viols="panicked:${psite:-?} $viols"
			[ -n "$psite" ] && near "$psite" "$doc" && found=yes
		fi
	elif grep -q 'build failed\|cannot\|undefined' "$mod/record.log"; then
		viols="(does not compile: $(grep -m1 -E 'undefined|cannot|error' "$mod/record.log" | cut -c1-40))"
	else
		viols="(no trace: $(tail -1 "$mod/record.log" | cut -c1-45))"
	fi
	[ "$found" = yes ] && predicted=$((predicted + 1))
	[ "$found" = yes ] && [ "$run" = passed ] && passedfound=$((passedfound + 1))
	# (run=leaked below: a run that passed, its report's goroutines left
	# waiting by the run itself.)
	if [ "$found" = yes ] && [ "$run" = passed ] && [ "$left" = yes ]; then
		leftfound=$((leftfound + 1)) run=leaked
	fi
	[ "$found" = yes ] && [ -n "$judgedlines" ] && byjudged=$((byjudged + 1))
	[ "$found" = yes ] && [ "$run" = panicked ] && panicfound=$((panicfound + 1))
	if [ -n "$rescore" ]; then
		# The kept race.log is the last -race run's: the one that found
		# the bug, if one did.
		race=no
		grep -q 'WARNING: DATA RACE\|^panic:\|fatal error\|deadlock\|test timed out' "$mod/race.log" 2>/dev/null && race=yes
		[ "$race" = yes ] && racefound=$((racefound + 1))
		printf '%-18s %-22s %7s  %-60s %-6s %-7s %7s %6s %-6s\n' "$name" "${kind:0:22}" "$events" "${viols:0:60}" "$found" "$run" - - "$race"
		continue
	fi
	secs=$(echo "$(date +%s.%N) - $start" | bc)
	# -race for the same wall time (at least one run).
	runs=0 race=no
	deadline=$(echo "$(date +%s.%N) + $secs" | bc)
	while :; do
		runs=$((runs + 1))
		(cd "$mod" && timeout 60 go test -race -count=1 -timeout 30s . >"$mod/race.log" 2>&1)
		if grep -q 'WARNING: DATA RACE\|^panic:\|fatal error\|deadlock\|test timed out' "$mod/race.log"; then race=yes; fi
		[ "$race" = yes ] && break
		[ "$(echo "$(date +%s.%N) < $deadline" | bc)" = 1 ] || break
	done
	[ "$race" = yes ] && racefound=$((racefound + 1))
	[ -z "${GPREDICT_GOBENCH_KEEP:-}" ] || { mkdir -p "$GPREDICT_GOBENCH_KEEP" && rm -rf "${GPREDICT_GOBENCH_KEEP:?}/$(basename "$mod")" && cp -r "$mod" "$GPREDICT_GOBENCH_KEEP"/; }
	printf '%-18s %-22s %7s  %-60s %-6s %-7s %7.1f %6s %-6s\n' "$name" "${kind:0:22}" "$events" "${viols:0:60}" "$found" "$run" "$secs" "$runs" "$race"
done
echo
echo "$total kernels, $compiled recorded; documented bug predicted from one run: $predicted ($passedfound from a run that passed, of which $leftfound a leak the run itself left, $panicfound shown by a run that panicked; $byfunc by the function a backtrace blocks in, $bystack by a call from a marked line, $byjudged by bench/gobench-judged.tsv); found by go test -race in the same time: $racefound"
