#!/usr/bin/env bash
# Checks and installs what gpredict needs that a fresh machine may lack, and
# nothing else. Safe to run again.
#   scripts/setup.sh         a C compiler (cgo) and Z3's C library (libz3-dev),
#                            needed to build gpredict
#                            and, for recording Java programs, a JDK and ASM
#                            (openjdk-17-jdk-headless, libasm-java), with which
#                            it builds the Java agent (record/java/agent/build.sh)
#   scripts/setup.sh --dev   also what the tests need: npm and the pinned ANTLR
#                            tool (npm ci in grammar/), which runs on Java (the
#                            JDK above), to check that grammar/gen is up to date;
#                            Chromium (Debian's chromium), in which the test of
#                            the HTML report loads the page; and the libraries
#                            the Java drivers of the FIG. 18 tests use
#                            (libjfreechart-java, libh2-java, libderby-java)
# gpredict itself needs no Java: only recording Java programs and the
# grammar test do.
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

# Java: the agent of `gpredict record -- java` is built with javac against
# Debian's ASM; the tests' drivers use Debian's JFreeChart, H2 and Derby.
java_pkgs=()
command -v javac >/dev/null || java_pkgs+=(openjdk-17-jdk-headless)
for j in asm asm-tree asm-commons; do
  [ -f "/usr/share/java/$j.jar" ] || { java_pkgs+=(libasm-java); break; }
done
if [ "${1:-}" = "--dev" ]; then
  for p in jfreechart:libjfreechart-java h2:libh2-java derby:libderby-java; do
    [ -f "/usr/share/java/${p%%:*}.jar" ] || java_pkgs+=("${p#*:}")
  done
fi
if [ ${#java_pkgs[@]} -gt 0 ]; then
  echo "setup: installing ${java_pkgs[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${java_pkgs[@]}" >/dev/null
fi
bash record/java/agent/build.sh

if [ "${1:-}" = "--dev" ]; then
  command -v npm >/dev/null ||
    missing "npm (for the pinned ANTLR tool the grammar test runs)" "run: $sudo apt-get install -y npm"
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
