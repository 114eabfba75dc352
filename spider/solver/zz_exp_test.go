package solver

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/spider"
)

func TestZZExp(t *testing.T) {
	prof := os.Getenv("SPX_PROF")
	if prof == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("SPX_N"))
	to, _ := time.ParseDuration(os.Getenv("SPX_TO"))
	r, _ := spider.Profile(prof)
	var won, lost, unk int
	var tot time.Duration
	expLuby = os.Getenv("SPX_LUBY") != ""
	if b, _ := strconv.Atoi(os.Getenv("SPX_BASE")); b > 0 {
		expBase = int64(b)
	}
	var seeds []uint64
	for _, f := range strings.Fields(os.Getenv("SPX_SEEDS")) {
		v, _ := strconv.ParseUint(f, 10, 64)
		seeds = append(seeds, v)
	}
	if len(seeds) == 0 {
		for seed := uint64(1); seed <= uint64(n); seed++ {
			seeds = append(seeds, seed)
		}
	}
	for _, seed := range seeds {
		s := spider.MustNew(spider.NewDeal(seed, r.Suits), r)
		res := Solve(context.Background(), s, Config{Timeout: to})
		tot += res.Duration
		switch res.Verdict {
		case Won:
			won++
			for _, m := range res.Moves {
				if err := s.Apply(m); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
			}
			if !s.Won() {
				t.Fatalf("seed %d: line does not win", seed)
			}
		case Lost:
			lost++
		default:
			unk++
		}
		t.Logf("seed %d: %v %d nodes %v moves %d", seed, res.Verdict, res.Nodes, res.Duration.Round(time.Millisecond), len(res.Moves))
	}
	t.Logf("won %d lost %d unknown %d total %v", won, lost, unk, tot)
}
