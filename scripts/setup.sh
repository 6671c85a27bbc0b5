#!/usr/bin/env bash
# Checks and installs what gpredict needs that a fresh machine may lack, and
# nothing else. Safe to run again.
#   scripts/setup.sh         a C compiler (cgo) and Z3's C library (libz3-dev),
#                            needed to build gpredict
#   scripts/setup.sh --dev   also what the tests need: npm and the pinned ANTLR
#                            tool (npm ci in grammar/), and Java, which that
#                            tool runs on to check that grammar/gen is up to date;
#                            Chromium (Debian's chromium), in which the test of
#                            the HTML report loads the page
# gpredict itself needs no Java: only the grammar test does.
set -euo pipefail
cd "$(dirname "$0")/.."

# Versions of Z3 gpredict is tested with (Debian 12 ships 4.8.12); other
# 4.8+ releases are expected to work.
known_z3="4.8.12"

missing() { # what, remedy
  echo "setup: $1 not found; $2" >&2
  exit 1
}

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

command -v go >/dev/null || missing "go" "install Go 1.26 (https://go.dev/dl/) and put it on PATH"
command -v "${CC:-cc}" >/dev/null || command -v gcc >/dev/null ||
  missing "a C compiler (cc or gcc, for the Z3 binding)" "run: $sudo apt-get install -y gcc"

if [ ! -f /usr/include/z3.h ]; then
  echo "setup: installing libz3-dev" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libz3-dev >/dev/null
fi
z3_version=$(pkg-config --modversion z3 2>/dev/null ||
  sed -n 's/^#define Z3_FULL_VERSION *"\(.*\)"/\1/p' /usr/include/z3_version.h 2>/dev/null || true)
echo "setup: Z3 ${z3_version:-of unknown version} found; known to work: $known_z3" >&2

if [ "${1:-}" = "--dev" ]; then
  command -v npm >/dev/null ||
    missing "npm (for the pinned ANTLR tool the grammar test runs)" "run: $sudo apt-get install -y npm"
  command -v java >/dev/null ||
    missing "java (the pinned ANTLR tool the grammar test runs is a Java program)" "run: $sudo apt-get install -y default-jre-headless"
  if ! command -v chromium >/dev/null; then
    echo "setup: installing chromium (the HTML report's test loads the page in it)" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  fi
  if [ ! -d grammar/node_modules/antlr4ng-cli ]; then
    echo "setup: installing the pinned ANTLR tool (npm ci in grammar/)" >&2
    (cd grammar && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi
