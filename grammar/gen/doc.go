// Package gen holds only the Go parser that ANTLR generates from
// grammar/Spec.g4; do not edit it by hand. Regenerate with
// grammar/generate.sh (pinned tool, see grammar/package.json); the test in
// grammar/ fails when these files are out of date. Only package spec
// imports it.
package gen
