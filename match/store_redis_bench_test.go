package match_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

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
			for b.Loop() {
				a.Seq++
				if _, err := s.Append(ctx, a); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(st.name+"/parallel", func(b *testing.B) {
			s := st.new(b)
			ctx := context.Background()
			b.ReportAllocs()
			b.SetParallelism(8) // 8 racers per CPU, each waiting on its round trip
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
