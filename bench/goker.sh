# bench/goker.sh — what bench/gobench.sh and bench/race-samerun.sh share:
# GoBench's goker kernels and the module each is copied into (GoBench has
# no license: a kernel is copied into a temporary module outside the
# repository, never into it). Sourced, not run.

# goker_kernels GOKER SET prints the directories of the kernels of SET
# (nonblocking, blocking or all) under GOKER (gobench/goker), one per line.
goker_kernels() {
	[ "$2" = blocking ] || for d in "$1"/nonblocking/*/*/; do echo "${d%/}"; done
	[ "$2" = nonblocking ] || for d in "$1"/blocking/*/*/; do echo "${d%/}"; done
}

# goker_name KERNEL prints its "project/number".
goker_name() { echo "$(basename "$(dirname "$1")")/$(basename "$1")"; }

# goker_module KERNEL DIR copies the kernel's files into DIR, a module of
# their own.
goker_module() {
	mkdir -p "$2"
	cp "$1"/*.go "$2"/
	printf 'module gobenchkernel\n\ngo 1.26\n' >"$2/go.mod"
}

# goker_args SCRIPT ARGS... prints SCRIPT's header (its usage) and exits 2
# when ARGS is empty; else it sets gobench (the goker directory of the
# GoBench checkout ARGS[1]), filter (ARGS[2], default: every kernel) and
# repo (this repository).
goker_args() {
	local script=$1
	shift
	[ $# -ge 1 ] || { sed -n '2,/^set /p' "$script" | sed '$d; s/^# \{0,1\}//'; exit 2; }
	gobench=$(cd "$1" && pwd)/gobench/goker
	filter=${2:-.}
	repo=$(cd "$(dirname "$script")/.." && pwd)
}
