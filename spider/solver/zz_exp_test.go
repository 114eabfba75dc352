package solver

import (
	"context"
	"os"
	"strconv"
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
	for seed := uint64(1); seed <= uint64(n); seed++ {
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
