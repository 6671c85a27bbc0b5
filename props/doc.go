// Package props is gpredict's catalogue of properties: data, not code.
//
// Each pattern property is a .gp file in catalog/ with its documentation
// beside it (catalog/NAME.md: a one-line summary, then what the property
// catches, the pattern in words, an example and its known limits). Both
// are embedded, listed explicitly in catalogue.go, and shown unchanged by
// `gpredict props show`, docs/properties.md and the tests.
//
// One property, Deadlock, cannot be written as a pattern (a lock that is
// requested but not acquired is not an event of a schedule,
// docs/semantics.md) and is a built-in: it finds its candidates itself and
// decides each one with the engine (deadlock.go).
//
// Beside each property, testdata/NAME/{positive,negative}.trace hold a
// trace where the violation is predicted though not observed, and one
// where synchronisation rules it out, with the expected reports in
// `# want:` lines.
//
// Select is the one place where `predict --props` and the --spec files
// resolve to the properties that run (SPEC section 4): without --props
// every --spec property and none of the catalogue, `--props all` the
// catalogue and the --spec properties, otherwise the names given; Find is
// `props show NAME`. Their errors are worded in select_errors.go.
//
// Imports point one way: props uses predict, spec and trace; nothing
// below it imports props.
package props
