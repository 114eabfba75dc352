//go:build unix

package enginetest

import (
	"syscall"
	"testing"
)

// CPUTimer starts measuring the CPU time of the process; the function it
// returns reports it per op as cpu-ns/op, after the benchmark loop. On a
// machine shared with other work this is steadier than wall time.
func CPUTimer(b *testing.B) func() {
	start := cpuNow()
	return func() {
		b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op")
	}
}

func cpuNow() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
