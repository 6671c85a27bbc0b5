// Package record is the front half of GPredict for Go programs
// (`gpredict record`, docs/recording.md): it instruments the user's own
// packages (instrument*.go), builds and runs the user's `go test` or
// `go run` command from instrumented copies through a build overlay
// (run.go), and turns what the instrumented program logged into a trace
// (collect.go). The user's tree is never written to.
//
// The instrumented code calls the small runtime in package record/rt,
// whose files the overlay adds to the user's module.
package record
