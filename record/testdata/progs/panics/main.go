// Command panics writes shared variables from two goroutines that then
// stay blocked, writes one more itself, and panics: in main, or, given
// the argument "goroutine", in a third goroutine. No chunk of the log is
// full by then (each holds far less than its 32 KiB, and no goroutine has
// ended), so where chunks are buffers the trace holds these writes only
// if the panic writes every chunk out; on Linux the log is the file.
package main

import "os"

var a, b, c, d int

func main() {
	ready := make(chan bool)
	block := make(chan bool)
	go func() {
		a = 1
		ready <- true
		<-block
	}()
	go func() {
		b = 2
		ready <- true
		<-block
	}()
	<-ready
	<-ready
	c = 3
	if len(os.Args) > 1 && os.Args[1] == "goroutine" {
		go func() {
			d = 4
			panic("panics in a goroutine")
		}()
		<-block
	}
	panic("panics in main")
}
