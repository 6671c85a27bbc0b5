// Command gpredict predicts concurrency bugs from one recorded execution.
package main

import "os"

func main() { os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr)) }
