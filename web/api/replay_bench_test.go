package api_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/web/api"
)

// BenchmarkReplayRead reads random replays over HTTP (GET
// /api/replay/{race}, the API on an archive, a real HTTP client) from an
// archive of RACER_BENCH_RACES races (default 100,000): two-racer Klondike
// races of 70 moves each, between 5,000 players, over 30 days. It fills
// an SQLite file and a PostgreSQL schema (archivetest.PostgresURL; skipped
// without a server) once, then each sub-benchmark reports the read's
// latency percentiles (p50-ms, p99-ms). The fill takes minutes:
//
//	go test -run '^$' -bench ReplayRead -benchtime 5000x ./web/api/
func BenchmarkReplayRead(b *testing.B) {
	n := 100_000
	if v := os.Getenv("RACER_BENCH_RACES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("RACER_BENCH_RACES=%q: want a positive count", v)
		}
	}
	proto := archivetest.PlayRace(b, games.All, "bench", "bvs", 7, 70)
	for _, kind := range []string{"sqlite", "postgres"} {
		var url string
		if kind == "sqlite" {
			url = filepath.Join(b.TempDir(), "archive.db")
		} else {
			url = archivetest.PostgresURL(b)
		}
		a, err := archive.Open(context.Background(), url, games.All)
		if err != nil {
			b.Fatal(err)
		}
		defer a.Close()
		start := time.Now()
		// SQLite takes one writer at a time: more only wait on its lock.
		writers := 4
		if kind == "sqlite" {
			writers = 1
		}
		ids := fillArchive(b, a, proto, n, writers)
		b.Logf("%s: %d races archived in %v", kind, n, time.Since(start).Round(time.Second))
		h, err := api.New(api.Config{Boards: leaderboard.NewMemoryStore(), Replays: a, History: a})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(h)
		defer srv.Close()
		b.Run(kind, func(b *testing.B) {
			rnd := rand.New(rand.NewPCG(1, uint64(b.N)))
			lat := make([]time.Duration, 0, b.N)
			c := srv.Client()
			b.ResetTimer()
			for range b.N {
				t0 := time.Now()
				res, err := c.Get(srv.URL + "/api/replay/" + ids[rnd.IntN(len(ids))])
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					b.Fatalf("got %d, want 200", res.StatusCode)
				}
				lat = append(lat, time.Since(t0))
			}
			b.StopTimer()
			slices.Sort(lat)
			pct := func(p float64) float64 {
				return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
			}
			b.ReportMetric(pct(0.5), "p50-ms")
			b.ReportMetric(pct(0.99), "p99-ms")
			b.ReportMetric(float64(lat[len(lat)-1].Microseconds())/1000, "max-ms")
		})
	}
}

// fillArchive archives n copies of proto, each its own race between two
// of 5,000 players and finishing at its own time over 30 days, in
// batches of 500 races a transaction, with writers at once; it returns
// the race IDs.
func fillArchive(b *testing.B, a *archive.SQL, proto replay.Replay, n, writers int) []string {
	b.Helper()
	const batch = 500
	ids := make([]string, n)
	end := proto.Result.FinishedAt
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Go(func() {
			for lo := w * batch; lo < n; lo += writers * batch {
				rps := make([]replay.Replay, 0, batch)
				for i := lo; i < min(lo+batch, n); i++ {
					ids[i] = fmt.Sprintf("bench-%07d", i)
					p1, p2 := fmt.Sprintf("%016x", i%5000), fmt.Sprintf("%016x", (i*7+1)%5000)
					rps = append(rps, cloneRace(proto, ids[i], p1, p2, end.Add(-time.Duration(i)*26*time.Second)))
				}
				if _, err := a.SaveAll(context.Background(), rps); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		b.Fatal(err)
	}
	return ids
}

// cloneRace returns proto as race id between players p1 and p2 (its
// first and second racers), finishing at fin.
func cloneRace(proto replay.Replay, id, p1, p2 string, fin time.Time) replay.Replay {
	rp := proto
	old := []string{proto.Racers[0].ID, proto.Racers[1].ID}
	rename := map[string]string{old[0]: p1, old[1]: p2}
	rp.Race, rp.Result.Race, rp.Result.FinishedAt = id, id, fin
	rp.Racers = []match.Racer{{ID: p1, Name: proto.Racers[0].Name}, {ID: p2, Name: proto.Racers[1].Name}}
	rp.Result.Standings = slices.Clone(proto.Result.Standings)
	for i := range rp.Result.Standings {
		rp.Result.Standings[i].Player = rename[rp.Result.Standings[i].Player]
	}
	rp.Actions = map[string][]replay.Action{p1: proto.Actions[old[0]], p2: proto.Actions[old[1]]}
	return rp
}
