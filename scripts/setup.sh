#!/usr/bin/env bash
# Installs what gpredict needs that a fresh machine may lack, and nothing
# else. Safe to run again.
#   scripts/setup.sh         Z3's C library (libz3-dev), needed to build gpredict
#   scripts/setup.sh --dev   also the pinned ANTLR tool (npm, grammar/), which the
#                            test that checks the generated parser is up to date runs
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f /usr/include/z3.h ]; then
  echo "setup: installing libz3-dev" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libz3-dev >/dev/null
fi

if [ "${1:-}" = "--dev" ] && [ ! -d grammar/node_modules/antlr4ng-cli ]; then
  echo "setup: installing the pinned ANTLR tool (npm ci in grammar/)" >&2
  (cd grammar && npm ci --no-audit --no-fund --loglevel=error)
fi
