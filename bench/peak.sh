# bench/peak.sh — sourced by the bench scripts (record.sh, libraries.sh).
#
# peak PID: the peak RSS (KB) of process PID alone — not of the processes
# it starts (go build, the recorded program) — sampled until it exits.
peak() {
	local pid=$1 hwm=0 v
	while kill -0 "$pid" 2>/dev/null; do
		v=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null || true)
		[ -n "$v" ] && hwm=$v
		sleep 0.1
	done
	echo "$hwm"
}
