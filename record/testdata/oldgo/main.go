// Command oldgo is a module of go 1.19, older than the recorder's runtime
// would be at its own Go version: record's TestRecordOldGo records it.
package main

var x int

func main() {
	done := make(chan bool)
	go func() {
		x = 1
		done <- true
	}()
	<-done
	x = 2
}
