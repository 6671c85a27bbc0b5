// Command recorder is the workload that measures the slowdown of
// `gpredict record` (bench/record.sh): goroutines that lock a mutex,
// update shared fields, write a map and pass values over a channel. It
// prints the time its workload took, which the script compares between a
// plain and a recorded run.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"
)

type account struct {
	mu      sync.Mutex
	balance int
	ops     int
	seen    map[int]int
}

func main() {
	workers := flag.Int("workers", 4, "goroutines")
	iters := flag.Int("iters", 20000, "iterations per goroutine")
	profile := flag.String("cpuprofile", "", "write a CPU profile of the workload to this file")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	acct := &account{seen: map[int]int{}}
	results := make(chan int, 64)
	start, cpu0 := time.Now(), cpuTime()
	var wg sync.WaitGroup
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			for i := 0; i < *iters; i++ {
				acct.mu.Lock()
				acct.balance += i % 7
				acct.ops++
				acct.seen[i%100] = id
				acct.mu.Unlock()
				if i%10 == 0 {
					results <- i
				}
			}
		}(w)
	}
	go func() { wg.Wait(); close(results) }()
	sum := 0
	for r := range results {
		sum += r
	}
	elapsed, cpu := time.Since(start), cpuTime()-cpu0
	fmt.Printf("workload %d ops in %.3fs, cpu %.3fs (balance %d, sum %d)\n", *workers**iters, elapsed.Seconds(), cpu.Seconds(), acct.balance, sum)
}

// cpuTime is the CPU time the process has used, user and system: on a
// machine shared with other jobs it varies less than the wall time, which
// waits for the processors (bench/record.sh prints both).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
