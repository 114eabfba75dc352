//go:build linux

package bot

import (
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/solitaire-race/racer/klondike"
)

// threadCPU returns the CPU time the calling thread has used.
func threadCPU() time.Duration {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

// BenchmarkActionCPU plays one bvs deal an iteration (seeds 1, 2, …)
// with the Steady bot, which imagines deals there, as an offline game
// ends it (won, stuck, or the bot out of moves), and reports the CPU
// time of its choices an action, every action counted (draws too):
// median and 95th percentile, in milliseconds. The time is the thread's
// own, so other work on the machine changes it little; run with
// -benchtime=200x for the figure in docs/PERFORMANCE.md.
func BenchmarkActionCPU(b *testing.B) {
	r := profile(b, "bvs")
	var times []time.Duration
	seed := uint64(0)
	for b.Loop() {
		seed++
		s := klondike.MustNew(klondike.NewDeal(seed), r)
		p := New(ConfigFor(Config{Level: Steady, Seed: seed}, r))
		for !s.Won() && s.Actions() < maxActions {
			start := threadCPU()
			m, ok := p.Next(s.View())
			times = append(times, threadCPU()-start)
			if !ok {
				break
			}
			if err := s.Apply(m); err != nil {
				b.Fatal(err)
			}
			if stuck, sure := s.StuckWithin(stuckBudget); stuck && sure {
				break
			}
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "median-ms/action")
	b.ReportMetric(ms(times[len(times)*95/100]), "p95-ms/action")
	b.ReportMetric(float64(len(times))/float64(b.N), "actions/op")
}
