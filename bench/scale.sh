#!/usr/bin/env bash
# bench/scale.sh: `gpredict predict --props DataRace` (default flags, 2 jobs)
# on every shared recording (std/, rapidbin/) and on generated traces —
# the two shapes of the old benchmark (dense, sparse: STD, values unique
# to each write) and the lock-heavy family (bench/gentrace -shape locks:
# 8 threads, 6 locks nested 2 deep, and 32 threads, 12 locks nested 3
# deep; hot variables with values 0 to 5, text format with an STD twin of
# the same events for RAPID) — at 1K, 10K, 100K and 1M events, one row per
# trace, with RAPID's SHB, WCP and SyncP beside it when RAPID_DIR points at
# a RAPID build (focs-lab/rapid compiled with javac into RAPID_DIR/classes;
# never vendored here). RAPID reads STD only: a .trace row of the family
# runs RAPID on its STD twin (same events in the same order, so racy
# events compare by position); RapidBin rows have no RAPID columns (their
# STD twins have).
#
# Columns: events; candidates formed; pre-filtered; decided by the
# ladder; what each stage settled (witnesses found + refuted); reports;
# unknown candidates; seconds, CPU seconds (user and system) and peak RSS
# (MB) of the run, and bytes of peak RSS per event; racy events (of every
# violation, the event last in the file, as RAPID counts them: from a
# second run with --all, on shared traces of at most RACY_MAX events and
# generated ones of at most RACY_GEN_MAX: --all decides every candidate
# one by one); then per RAPID
# engine "racy events/how many ours lack" and seconds (wall/CPU: on a
# shared, loaded machine CPU seconds vary less than wall seconds, and
# RAPID's JVM runs more than one thread), and whether ours are a
# superset of SHB's and SyncP's.
#
# Environment: SHARED (default ../shared/traces), RAPID_DIR, SIZES
# (default "1000 10000 100000 1000000"), FAMILY (default "8:6:2 32:12:3",
# threads:locks:depth of each family member; empty: none), SEED (the
# family's, default 1), RACY_MAX (default 200000), RACY_GEN_MAX (default
# 20000), RAPID_TIMEOUT (seconds per RAPID run, default 600: SyncP runs
# for hours on the dense 1M-event trace), OURS_TIMEOUT (seconds per
# gpredict run, default 1800; a row stopped there says so), TRACES (trace
# files to run instead of the shared and generated ones).
# Usage: bench/scale.sh
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED=${SHARED:-../shared/traces}
SIZES=${SIZES:-1000 10000 100000 1000000}
RACY_MAX=${RACY_MAX:-200000}
RACY_GEN_MAX=${RACY_GEN_MAX:-20000}
RAPID_TIMEOUT=${RAPID_TIMEOUT:-600}
OURS_TIMEOUT=${OURS_TIMEOUT:-1800}
FAMILY=${FAMILY-8:6:2 32:12:3}
SEED=${SEED:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/gpredict" ./cmd/gpredict
go build -o "$work/gentrace" ./bench/gentrace
go build -o "$work/tabulate" ./bench/tabulate

if [ -n "${TRACES:-}" ]; then
  read -r -a traces <<<"$TRACES"
else
  traces=("$SHARED"/std/*.std "$SHARED"/rapidbin/*.data)
  for shape in dense sparse; do
    for n in $SIZES; do
      f="$work/$shape-$n.std"
      "$work/gentrace" -shape "$shape" -events "$n" -o "$f"
      traces+=("$f")
    done
  done
  for member in $FAMILY; do
    IFS=: read -r threads locks depth <<<"$member"
    for n in $SIZES; do
      f="$work/locks$threads-$n"
      "$work/gentrace" -shape locks -threads "$threads" -locks "$locks" -depth "$depth" -seed "$SEED" \
        -events "$n" -o "$f.trace" -std "$f.std"
      traces+=("$f.trace" "$f.std")
    done
  done
fi

# timed OUT CMD...: runs CMD with stdout to OUT; prints "seconds MB
# cpu-seconds".
timed() {
  local out=$1
  shift
  /usr/bin/time -f '%e %M %U %S' -o "$work/time" "$@" >"$out" 2>"$work/err" || true
  tail -1 "$work/time" | awk '{printf "%.2f %d %.2f\n", $1, $2/1024, $3 + $4}'
}

# rapid ENGINE FILE: runs RAPID's ENGINE on FILE into $work/ENGINE.out and
# prints its seconds and CPU seconds ("0.40s/0.95cpu"), or
# "stopped-after-" and the limit when it ran RAPID_TIMEOUT seconds (its
# racy events then show as "no-result", as they do when RAPID fails).
rapid() {
  local engine=$1 file=$2 s mb cpu
  read -r s mb cpu < <(timed "$work/$engine.out" timeout "$RAPID_TIMEOUT" java -Xmx8g -cp "$RAPID_DIR/classes:$RAPID_DIR/lib/*:$RAPID_DIR/lib/jgrapht/*" \
    "$engine" -f std -v 1 -p "$file")
  if awk -v s="$s" -v l="$RAPID_TIMEOUT" 'BEGIN { exit !(s >= l) }'; then
    echo "stopped-after-${RAPID_TIMEOUT}s"
  else
    echo "${s}s/${cpu}cpu"
  fi
}

echo "# $(date -u +%FT%TZ), $(nproc) CPUs, load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-20s %8s %8s %7s %6s %-60s %6s %5s %8s %7s %5s %6s %6s %s\n' \
  trace events cands pref dec settled-by-stage rep unk seconds cpu MB B/ev racy "${RAPID_DIR:+RAPID (engine:wall/cpu | engine:racy/ours-lack)}"
for t in "${traces[@]}"; do
  name=$(basename "$t")
  read -r secs mb cpu < <(timed "$work/ours.txt" timeout -s INT "$OURS_TIMEOUT" "$work/gpredict" predict --props DataRace --stats --quiet --jobs 2 "$t")
  if awk -v s="$secs" -v l="$OURS_TIMEOUT" 'BEGIN { exit !(s >= l) }'; then
    secs="stopped-after-$OURS_TIMEOUT"
  fi
  if ! "$work/tabulate" stats "$work/ours.txt" >"$work/stats" 2>/dev/null; then
    echo "$name: gpredict gave no summary ($secs s, $cpu s of CPU, $mb MB): $(head -c 300 "$work/err")"
    continue
  fi
  IFS=$'\t' read -r events cands pref dec settled rep unk <"$work/stats"
  perEvent=$(awk -v mb="$mb" -v n="$events" 'BEGIN { printf "%d", mb * 1048576 / (n > 0 ? n : 1) }')
  racy=- rapidcol=
  outs=()
  twin=$t
  [[ $t == *.trace && -f ${t%.trace}.std ]] && twin=${t%.trace}.std
  if [ -n "${RAPID_DIR:-}" ] && [[ $twin == *.std ]]; then
    for e in SHB WCP SyncPreserving; do
      s=$(rapid "$e" "$twin")
      rapidcol+="$e:$s "
      outs+=("$e=$work/$e.out")
    done
  fi
  limit=$RACY_MAX
  [[ $t == "$work"/* ]] && limit=$RACY_GEN_MAX
  if [ "$events" -le "$limit" ]; then
    # The text report without witnesses: it names each violation's
    # events, all the racy count needs. The JSON document spells out every
    # witness: on the 100K-event member, 29.8 GB in the 150 s, which
    # tabulate could not read into memory.
    timeout -s INT "$OURS_TIMEOUT" "$work/gpredict" predict --props DataRace --witness none --jobs 2 --all "$t" >"$work/all.txt" 2>/dev/null || true
    # An --all run stopped by its time limit leaves a report of what it
    # found so far, marked interrupted; one that failed leaves none.
    if cells=$("$work/tabulate" racy "$t" "$work/all.txt" "${outs[@]}" 2>"$work/tabulate.err" | tr '\t' ' ') && [ -n "$cells" ]; then
      racy=${cells%% *}
      [ "$cells" != "$racy" ] && rapidcol+="| ${cells#* }"
    else
      racy=no-result
      rapidcol+="| --all gave no report: $(head -c 200 "$work/tabulate.err")"
    fi
  fi
  printf '%-20s %8s %8s %7s %6s %-60s %6s %5s %8s %7s %5s %6s %6s %s\n' \
    "$name" "$events" "$cands" "$pref" "$dec" "$settled" "$rep" "$unk" "$secs" "$cpu" "$mb" "$perEvent" "$racy" "$rapidcol"
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
