// Package grammar holds Spec.g4, the ANTLR grammar of the property
// language (docs/language.md), the script that generates the Go parser in
// grammar/gen, and a test that the committed parser is up to date.
package grammar
