// Command unrecorded reads a byte of a shared buffer, lets the standard
// library overwrite the buffer (which the recorder does not see), and
// reads the byte again: the second read's value was written by no
// recorded write, which record warns about, naming such constructs.
package main

import (
	"encoding/binary"
	"fmt"
)

var buf = make([]byte, 8)

func main() {
	first := buf[0]
	binary.LittleEndian.PutUint64(buf, 7)
	fmt.Println(first, buf[0])
}
