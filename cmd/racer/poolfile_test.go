package main

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/match/game/games"
)

func TestPoolFileRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "pool-seeds.json")
	want := map[string][]uint64{"bvs": {1, 1 << 63}, "spider-1": {42}}
	if err := savePoolFile(path, want); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("pool file mode: got %v, want 0600 (the seeds are secret)", fi.Mode().Perm())
	}
	got, err := takePoolFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for p, seeds := range want {
		if !slices.Equal(got[p], seeds) {
			t.Errorf("%s: got %v, want %v", p, got[p], seeds)
		}
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("pool file after it was read: %v, want it removed (no seed dealt twice)", err)
	}
	if got, err := takePoolFile(path); err != nil || got != nil {
		t.Errorf("no file: got %v %v, want no seeds and no error", got, err)
	}
}

// TestPoolsSurviveARestart: a node's pools put back the seeds saved at
// the last shutdown, deal them first, and save what is left.
func TestPoolsSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pool-seeds.json")
	saved := map[string][]uint64{}
	for i, p := range games.Profiles() {
		saved[p] = []uint64{uint64(1000 + i)} // a full pool of size 1
	}
	saved["bvs"] = []uint64{7, 8} // one more than the pool holds: dropped
	if err := savePoolFile(path, saved); err != nil {
		t.Fatal(err)
	}
	msgs := make(chan map[string]any, 100)
	log := slog.New(slog.NewJSONHandler(&logLines{msgs: msgs}, nil))
	o := options{poolSize: 1, poolWorkers: 1, poolFile: path}
	pools, err := newPools(o, nil, prometheus.NewRegistry(), log)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("pool file after start: %v, want it removed", err)
	}
	full := false
	for len(msgs) > 0 {
		if m := <-msgs; m["msg"] == "solver pools full: every race gets a deal proven winnable" {
			full = true
		}
	}
	if !full {
		t.Error("pools filled from the file did not log that they are full (they would search again)")
	}
	pool := pools.pool("bvs")
	if seed, err := pool.Next(context.Background(), "bvs"); err != nil || seed != 7 {
		t.Errorf("first bvs seed: got %d %v, want 7 (saved)", seed, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pools.start(ctx)
	pools.stop()
	again, err := takePoolFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Profiles the solver treats alike share one pool of seeds, so some
	// saved seeds did not fit; every seed saved again was saved before,
	// none twice, and the one dealt is gone.
	original := map[uint64]bool{}
	for _, seeds := range saved {
		for _, s := range seeds {
			original[s] = true
		}
	}
	seen := map[uint64]bool{}
	for p, seeds := range again {
		for _, s := range seeds {
			if !original[s] || seen[s] || s == 7 {
				t.Errorf("%s: seed %d saved again: want each saved seed at most once, never the one dealt", p, s)
			}
			seen[s] = true
		}
	}
	if len(seen) < len(games.Profiles())-3 {
		t.Errorf("seeds saved again: got %d, want at least %d", len(seen), len(games.Profiles())-3)
	}
}
