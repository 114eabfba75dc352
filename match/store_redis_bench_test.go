package match_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
)

var benchN atomic.Int64

// benchRacer creates a race in s and joins racer "a", returning an Append
// template for seq 0.
func benchRacer(b *testing.B, s match.Store) match.Append {
	b.Helper()
	ctx := context.Background()
	r, err := s.CreateRace(ctx, match.Race{
		ID:     fmt.Sprintf("bench-%d-%d", time.Now().UnixNano(), benchN.Add(1)),
		Seed:   1,
		Racers: []match.Racer{{ID: "a"}, {ID: "b"}},
	})
	if err != nil {
		b.Fatal(err)
	}
	e, err := s.Join(ctx, r.ID, "a")
	if err != nil {
		b.Fatal(err)
	}
	return match.Append{Race: r.ID, Racer: "a", Epoch: e, Action: "W3-F", Channel: "race:{" + r.ID + "}",
		Event: []byte(`{"type":"progress","racer":"a","seq":0,"foundation":12,"stock":14,"moves":33,"status":"playing"}`)}
}

// BenchmarkAppend measures one acknowledged move: the Lua script on a
// local redis-server (a round trip on loopback), beside the memory store.
func BenchmarkAppend(b *testing.B) {
	stores := []struct {
		name string
		new  func(b *testing.B) match.Store
	}{
		{"redis", func(b *testing.B) match.Store { return newRedisStore(b, match.RedisStoreConfig{}) }},
		{"memory", func(b *testing.B) match.Store { return match.NewMemoryStore(match.MemoryStoreConfig{}) }},
	}
	b.Run("redis-ping/sequential", func(b *testing.B) { // the round trip alone, for scale
		c := redistest.Client(b)
		ctx := context.Background()
		b.ReportAllocs()
		for b.Loop() {
			if err := c.Ping(ctx).Err(); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, st := range stores {
		b.Run(st.name+"/sequential", func(b *testing.B) {
			s := st.new(b)
			a := benchRacer(b, s)
			ctx := context.Background()
			b.ReportAllocs()
			cost := redisCost(b, st.name)
			for b.Loop() {
				a.Seq++
				if _, err := s.Append(ctx, a); err != nil {
					b.Fatal(err)
				}
			}
			cost.report(b)
		})
		for _, par := range []int{8, 64} {
			// par racers per CPU, each waiting on its round trip: the
			// Redis store sends the appends that meet in shared pipelines
			b.Run(fmt.Sprintf("%s/parallel-%d", st.name, par), func(b *testing.B) {
				s := st.new(b)
				ctx := context.Background()
				b.ReportAllocs()
				b.SetParallelism(par)
				cost := redisCost(b, st.name)
				defer cost.report(b)
				b.RunParallel(func(pb *testing.PB) {
					a := benchRacer(b, s) // a race per goroutine, as racers own their boards
					for pb.Next() {
						a.Seq++
						if _, err := s.Append(ctx, a); err != nil {
							b.Error(err)
							return
						}
					}
				})
			})
		}
	}
}

// redisCPU is a Redis server's CPU time and script runs, read at the
// start of a benchmark and reported per op at its end: Redis's share of
// an append, which the benchmark's own time (a round trip) hides. Only
// when Redis runs on this machine (its process readable in /proc).
type redisCPU struct {
	c     redis.UniversalClient
	pid   string
	cpu   float64
	evals int64
}

func redisCost(b *testing.B, store string) *redisCPU {
	b.Helper()
	if store != "redis" {
		return nil
	}
	c := redistest.Client(b)
	info, err := c.Info(context.Background(), "server").Result()
	if err != nil {
		return nil
	}
	_, after, _ := strings.Cut(info, "process_id:")
	pid, _, _ := strings.Cut(after, "\r\n")
	r := &redisCPU{c: c, pid: strings.TrimSpace(pid)}
	var ok bool
	if r.cpu, ok = procCPU(r.pid); !ok {
		return nil
	}
	r.evals = scriptRuns(c)
	return r
}

func (r *redisCPU) report(b *testing.B) {
	if r == nil || b.N == 0 {
		return
	}
	if now, ok := procCPU(r.pid); ok {
		b.ReportMetric((now-r.cpu)*1e6/float64(b.N), "redis-cpu-µs/op")
	}
	b.ReportMetric(float64(scriptRuns(r.c)-r.evals)/float64(b.N), "script-runs/op")
}

// procCPU is process pid's user + system CPU time, in seconds.
func procCPU(pid string) (float64, bool) {
	st, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 0, false
	}
	i := strings.LastIndexByte(string(st), ')')
	f := strings.Fields(string(st[i+1:]))
	if i < 0 || len(f) < 13 {
		return 0, false
	}
	u, err1 := strconv.ParseFloat(f[11], 64)
	s, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return (u + s) / 100, true // clock ticks (USER_HZ, 100 on Linux)
}

// scriptRuns is Redis's count of EVALSHA and EVAL calls so far.
func scriptRuns(c redis.UniversalClient) int64 {
	info, _ := c.Info(context.Background(), "commandstats").Result()
	var n int64
	for _, line := range strings.Split(info, "\n") {
		for _, cmd := range []string{"cmdstat_evalsha:calls=", "cmdstat_eval:calls="} {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(line), cmd); ok {
				v, _, _ := strings.Cut(rest, ",")
				x, _ := strconv.ParseInt(v, 10, 64)
				n += x
			}
		}
	}
	return n
}

// BenchmarkLoad measures what a node reads to rebuild a race: four racers
// with 150 actions each.
func BenchmarkLoad(b *testing.B) {
	ctx := context.Background()
	for _, st := range []struct {
		name string
		s    match.Store
	}{
		{"redis", newRedisStore(b, match.RedisStoreConfig{})},
		{"memory", match.NewMemoryStore(match.MemoryStoreConfig{})},
	} {
		b.Run(st.name, func(b *testing.B) {
			r, err := st.s.CreateRace(ctx, match.Race{
				ID:     fmt.Sprintf("bench-load-%d-%d", time.Now().UnixNano(), benchN.Add(1)),
				Racers: []match.Racer{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}},
			})
			if err != nil {
				b.Fatal(err)
			}
			for _, p := range r.Racers {
				e, err := st.s.Join(ctx, r.ID, p.ID)
				if err != nil {
					b.Fatal(err)
				}
				for seq := uint64(1); seq <= 150; seq++ {
					if _, err := st.s.Append(ctx, match.Append{Race: r.ID, Racer: p.ID, Seq: seq, Epoch: e, Action: "W3-F"}); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				snap, err := st.s.Load(ctx, r.ID)
				if err != nil || len(snap.Logs["d"]) != 150 {
					b.Fatalf("Load: %d entries, %v", len(snap.Logs["d"]), err)
				}
			}
		})
	}
}

// BenchmarkLiveFor measures what a reconnecting player's hello reads to
// find the races to resume, with 1,000 live races on a local Redis of
// which the player is in two: LiveFor (the player's index) beside Live
// filtered by the player, the scan the index spares the hub.
func BenchmarkLiveFor(b *testing.B) {
	ctx := context.Background()
	const races = 1000
	s := newRedisStore(b, match.RedisStoreConfig{Prefix: fmt.Sprintf("bench-live-%d:", benchN.Add(1))})
	me := fmt.Sprintf("me-%d", time.Now().UnixNano())
	for i := range races {
		r := match.Race{
			ID:        fmt.Sprintf("bench-live-%d", i),
			Seed:      uint64(i),
			Countdown: 3 * time.Second, TimeLimit: 15 * time.Minute, SpectatorDelay: 20 * time.Second,
			Racers: []match.Racer{{ID: fmt.Sprintf("p%d", 2*i), Name: "Ann"}, {ID: fmt.Sprintf("p%d", 2*i+1), Name: "Bob"}},
		}
		if i == 100 || i == 900 {
			r.Racers[1].ID = me
		}
		if _, err := s.CreateRace(ctx, r); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("Live", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			all, err := s.Live(ctx, 0)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			for _, r := range all {
				if r.HasRacer(me) {
					n++
				}
			}
			if n != 2 {
				b.Fatalf("Live: %d races of the player among %d, want 2", n, len(all))
			}
		}
	})
	b.Run("LiveFor", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			mine, err := s.LiveFor(ctx, me)
			if err != nil || len(mine) != 2 {
				b.Fatalf("LiveFor: %d races, %v; want 2", len(mine), err)
			}
		}
	})
}
