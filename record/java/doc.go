// Package java records Java programs (`gpredict record -- java …`,
// docs/recording-java.md): it runs the user's java command with the agent
// of agent/ (java.lang.instrument and ASM, built by agent/build.sh), which
// instruments the program's classes as they load and logs every thread's
// events into a raw log, and turns that log into a trace with the
// collector of package record. With --format std it also writes the
// trace's projection to RAPID's STD format (std.go), so that RAPID's
// analyses can read the same execution.
package java
