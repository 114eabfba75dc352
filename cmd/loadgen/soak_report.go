package main

import (
	"fmt"
	"io"
	"sort"
	"time"
)

// Drift bounds of the soak: what the node holds when idle after the last
// spell, against the first spell's idle, may grow by at most these.
const (
	// soakGoroutineDrift is the most goroutines an idle node may hold
	// above its idle count after the first spell.
	soakGoroutineDrift = 50
	// soakRSSDrift is how much the node's resident memory when idle may
	// grow past its idle size after the first spell: a factor plus a
	// constant (finished races the node keeps in memory, the heap's
	// target).
	soakRSSFactor = 1.5
	soakRSSSlack  = 32 << 10 // kB
	// soakKeysFactor bounds the growth of Redis keys per finished race
	// from the first spell's figure to the last's.
	soakKeysFactor = 1.5
)

// soakReport is the soak's outcome.
type soakReport struct {
	Start  idleSample
	Spells []soakSpell
	// Late is how many races /api/races listed past their deadline and
	// the grace; Latest the latest one of them.
	Late   int
	Latest time.Duration
	// KeysPerRace is Redis's keys over the finished races at each spell's
	// idle, above the start's; BytesPerRace its used memory likewise.
	KeysPerRace, BytesPerRace []float64
	Failed                    []string
}

func (p *probe) report(start idleSample, spells []soakSpell) soakReport {
	r := soakReport{Start: start, Spells: spells}
	p.mu.Lock()
	for _, d := range p.late {
		r.Late++
		r.Latest = max(r.Latest, d)
	}
	p.mu.Unlock()
	fail := func(f string, a ...any) { r.Failed = append(r.Failed, fmt.Sprintf(f, a...)) }
	if start.CPU > p.c.idleCPU {
		fail("idle before any race: %.2f%% of a core, want < %.2f%%", 100*start.CPU, 100*p.c.idleCPU)
	}
	for _, s := range spells {
		if s.Idle.CPU > p.c.idleCPU {
			fail("idle after spell %d: %.2f%% of a core, want < %.2f%%", s.N, 100*s.Idle.CPU, 100*p.c.idleCPU)
		}
		if s.Settle >= p.c.settleMax {
			fail("spell %d: the node did not settle within %s", s.N, p.c.settleMax)
		}
		if s.Failures > 0 {
			fail("spell %d: %d client failures, the last: %s", s.N, s.Failures, s.LastErr)
		}
		races := float64(s.Idle.Finished - start.Finished)
		if p.c.redisAddr != "" && races > 0 {
			r.KeysPerRace = append(r.KeysPerRace, float64(s.Idle.Keys-start.Keys)/races)
			r.BytesPerRace = append(r.BytesPerRace, float64(s.Idle.RedisMem-start.RedisMem)/races)
		}
	}
	if r.Late > 0 {
		fail("%d races listed past their deadline and %s of grace (the latest %s past its deadline)", r.Late, p.c.grace, r.Latest.Round(time.Second))
	}
	if n := len(spells); n >= 2 {
		first, last := spells[0].Idle, spells[n-1].Idle
		if last.Goroutines > first.Goroutines+soakGoroutineDrift {
			fail("goroutines when idle grew from %d to %d", first.Goroutines, last.Goroutines)
		}
		if float64(last.RSSKB) > soakRSSFactor*float64(first.RSSKB)+soakRSSSlack {
			fail("RSS when idle grew from %d kB to %d kB", first.RSSKB, last.RSSKB)
		}
		if k := r.KeysPerRace; len(k) >= 2 && k[len(k)-1] > soakKeysFactor*k[0]+1 {
			fail("Redis keys per finished race grew from %.1f to %.1f", k[0], k[len(k)-1])
		}
	}
	return r
}

func (r soakReport) print(w io.Writer) {
	fmt.Fprintf(w, "soak: %d spells\n", len(r.Spells))
	fmt.Fprintf(w, "%-6s %6s %6s %6s %6s %6s %8s %5s %9s %9s %6s %9s %8s %9s\n",
		"spell", "races", "resume", "aband", "watch", "fail", "settle_s", "busy", "idle_cpu%", "rss_kB", "gorout", "finished", "keys", "redis_kB")
	row := func(name string, s soakSpell) {
		fmt.Fprintf(w, "%-6s %6d %6d %6d %6d %6d %8.0f %5d %9.2f %9d %6d %9d %8d %9d\n", name, s.Races, s.Resumed, s.Abandoned, s.Watched,
			s.Failures, s.Settle.Seconds(), s.Idle.Busy, 100*s.Idle.CPU, s.Idle.RSSKB, s.Idle.Goroutines, s.Idle.Finished, s.Idle.Keys, s.Idle.RedisMem>>10)
	}
	row("start", soakSpell{Idle: r.Start})
	for _, s := range r.Spells {
		row(fmt.Sprint(s.N), s)
	}
	if len(r.KeysPerRace) > 0 {
		k := append([]float64(nil), r.KeysPerRace...)
		sort.Float64s(k)
		fmt.Fprintf(w, "redis per finished race: keys %.1f (first spell) %.1f (last), bytes %.0f (first) %.0f (last)\n",
			r.KeysPerRace[0], r.KeysPerRace[len(r.KeysPerRace)-1], r.BytesPerRace[0], r.BytesPerRace[len(r.BytesPerRace)-1])
	}
	fmt.Fprintf(w, "races listed past deadline + grace: %d\n", r.Late)
	if len(r.Failed) == 0 {
		fmt.Fprintln(w, "soak: PASS")
		return
	}
	for _, f := range r.Failed {
		fmt.Fprintln(w, "soak: FAIL:", f)
	}
}
