#!/usr/bin/env bash
# Installs what gpredict needs that a fresh machine may lack, and nothing
# else: Z3's C library (for the solver) and the pinned ANTLR tool (for the
# test that checks the generated parser is up to date). Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -f /usr/include/z3.h ]; then
  echo "setup: installing libz3-dev" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libz3-dev >/dev/null
fi

if [ -f grammar/package.json ] && [ ! -d grammar/node_modules/antlr4ng-cli ]; then
  echo "setup: installing the pinned ANTLR tool (npm)" >&2
  (cd grammar && npm ci --no-audit --no-fund --loglevel=error)
fi
