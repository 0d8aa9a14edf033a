// Command gen writes the program of bench/analysis/bigloop: one do
// concurrent loop of N statements in a module procedure.
//
//	go run ./bench/analysis/bigloop/gen -n 1000 > /tmp/big1000.f90
//	fgpu check --time-passes /tmp/big1000.f90
package main

import (
	"flag"
	"fmt"
	"log"

	"fgpu/bench/analysis/bigloop"
)

func main() {
	n := flag.Int("n", 1000, "statements in the loop")
	local := flag.Bool("local", false, "write local(t1, ...) on the loop (F2018)")
	flag.Parse()
	if *n < 1 {
		log.Fatal("gen: -n must be at least 1")
	}
	fmt.Print(bigloop.Source(*n, bigloop.Options{Local: *local}))
}
