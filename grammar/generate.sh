#!/usr/bin/env bash
# Regenerates grammar/gen from Spec.g4 with the pinned ANTLR tool
# (antlr4ng-cli 2.0.0 from package.json; ANTLR 4.13.2 tool, whose Go output
# targets the github.com/antlr4-go/antlr/v4 v4.13.1 runtime of go.mod).
# Run from anywhere; needs java (the ANTLR tool is a Java program; gpredict
# itself needs none) and `npm ci` in grammar/ (scripts/setup.sh --dev checks
# and installs them).
set -euo pipefail
cd "$(dirname "$0")"
out="${1:-gen}"
java -jar node_modules/antlr4ng-cli/antlr4-4.13.2-SNAPSHOT-complete.jar \
  -Dlanguage=Go -package gen -visitor -Xexact-output-dir -o "$out" Spec.g4
