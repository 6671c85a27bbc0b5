#!/usr/bin/env bash
# Re-records the Go catalogue traces of props/testdata from the programs of
# this module: for each property, TestPositive and TestNegative of its
# package become positive.trace and negative.trace (go-positive.trace and
# go-negative.trace for DataRace and Deadlock, whose plain traces are
# hand-written). The leading comment block of an existing trace (its
# explanation and `# want:` lines) is kept. Run from the repository root:
#
#   props/testdata/goprogs/record.sh
set -euo pipefail
root=$(pwd)
go build -o bin/gpredict ./cmd/gpredict
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
record() { # PROPERTY PACKAGE PREFIX
	local prop=$1 pkg=$2 prefix=$3
	for kind in positive negative; do
		local test=Test${kind^}
		local dst="$root/props/testdata/$prop/$prefix$kind.trace"
		mkdir -p "$(dirname "$dst")"
		(cd props/testdata/goprogs && "$root/bin/gpredict" record -o "$out" -- go test "./$pkg" -run "^$test\$" >/dev/null)
		{
			if [ -f "$dst" ]; then sed -n '/^#/!q;p' "$dst"; fi
			cat "$out/trace.trace"
		} >"$out/new" && mv "$out/new" "$dst"
		echo "$dst"
	done
}
record GoConcurrentMapWrite mapwrite ""
record GoMapIterationWrite mapiter ""
record GoSendOnClosedChannel sendclose ""
record GoCloseOfClosedChannel closeclose ""
record GoWaitGroupReuse wgreuse ""
record DataRace race go-
record Deadlock deadlock go-
