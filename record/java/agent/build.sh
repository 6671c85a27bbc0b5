#!/usr/bin/env bash
# Builds the Java agent of `gpredict record -- java ...` into
# record/java/agent/build/gpredict-agent.jar (docs/recording-java.md):
# javac over src/, with Debian's ASM (libasm-java) renamed into the agent
# (tools/Shade.java). Does nothing when the jar is newer than every source.
# Needs a JDK (javac, jar) and /usr/share/java/asm{,-tree,-commons}.jar;
# scripts/setup.sh installs both.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=$here/build/gpredict-agent.jar
asm=${ASM_DIR:-/usr/share/java}
if [ -f "$jar" ] && [ -z "$(find "$here/src" "$here/tools" "$here/build.sh" -newer "$jar" -print -quit)" ]; then
  exit 0
fi
for j in asm asm-tree asm-commons; do
  [ -f "$asm/$j.jar" ] || { echo "agent build: $asm/$j.jar not found (install libasm-java)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
javac -nowarn -d "$work/tools" -cp "$asm/asm.jar:$asm/asm-commons.jar" "$here/tools/Shade.java"
find "$here/src" -name '*.java' >"$work/sources"
javac -Xlint:-options --release 11 -d "$work/classes" -cp "$asm/asm.jar:$asm/asm-tree.jar" @"$work/sources"
java -cp "$work/tools:$asm/asm.jar:$asm/asm-commons.jar" Shade "$work/shaded" "$work/classes" "$asm/asm.jar" "$asm/asm-tree.jar"
cat >"$work/manifest" <<MF
Premain-Class: gpredict.agent.Agent
Boot-Class-Path: gpredict-agent.jar
MF
mkdir -p "$here/build"
jar --create --file "$work/agent.jar" --manifest "$work/manifest" -C "$work/shaded" .
mv "$work/agent.jar" "$jar"
