package match_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

// TestRedisStoreOutage kills Redis mid-race: every method fails with
// ErrUnavailable, nothing panics, and the race goes on where it was once
// Redis is back (with its append-only file, as deployed).
func TestRedisStoreOutage(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skips the store through a Redis kill and restart; CI runs it (go test without -short)")
	}
	ctx := context.Background()
	srv := redistest.Start(t, redistest.Options{Persistent: true})
	reg := prometheus.NewPedanticRegistry()
	s := newRedisStore(t, match.RedisStoreConfig{Client: srv.Client(t), Registerer: reg})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	app := func(seq uint64) error {
		_, err := s.Append(ctx, match.Append{Race: r.ID, Racer: "a", Seq: seq, Epoch: e, Action: "D"})
		return err
	}
	for seq := uint64(1); seq <= 2; seq++ {
		if err := app(seq); err != nil {
			t.Fatal(err)
		}
	}

	srv.Kill(t)
	calls := []struct {
		name string
		call func() error
	}{
		{"Append", func() error { return app(3) }},
		{"Load", func() error { _, err := s.Load(ctx, r.ID); return err }},
		{"Join", func() error { _, err := s.Join(ctx, r.ID, "b"); return err }},
		{"Finish", func() error { _, _, err := s.Finish(ctx, r.ID, match.Result{}); return err }},
		{"CreateRace", func() error { _, err := s.CreateRace(ctx, storetest.NewRace(t, "c", "d")); return err }},
		{"Live", func() error { _, err := s.Live(ctx, 0); return err }},
		{"LiveFor", func() error { _, err := s.LiveFor(ctx, "a"); return err }},
		{"Now", func() error { _, err := s.Now(ctx); return err }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, match.ErrUnavailable) {
			t.Errorf("%s with Redis down: got %v, want ErrUnavailable", c.name, err)
		}
	}

	srv.Restart(t)
	deadline := time.Now().Add(10 * time.Second)
	for {
		err := app(3)
		if err == nil {
			break
		}
		if !errors.Is(err, match.ErrUnavailable) || time.Now().After(deadline) {
			t.Fatalf("Append after restart: %v", err)
		}
		time.Sleep(50 * time.Millisecond) // bounded by deadline
	}
	if err := app(4); err != nil {
		t.Fatal(err)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := seqs(snap.Logs["a"]); fmt.Sprint(got) != "[1 2 3 4]" {
		t.Errorf("log after the outage: seqs %v, want [1 2 3 4]", got)
	}
	if n := counter(t, reg, "racer_redis_errors_total"); n < float64(len(calls)) {
		t.Errorf("racer_redis_errors_total = %v, want at least %d", n, len(calls))
	}
}

// TestRedisStorePaused freezes Redis with an append in flight: the append
// times out with ErrUnavailable, and its retry after Redis wakes up stores
// the action exactly once, whether or not the first attempt ran.
func TestRedisStorePaused(t *testing.T) {
	t.Parallel() // waits on a timeout or a TTL beside the other tests
	ctx := context.Background()
	srv := redistest.Start(t, redistest.Options{})
	s := newRedisStore(t, match.RedisStoreConfig{Client: srv.Client(t)})
	r := mustCreate(t, s, "a", "b")
	e := mustJoin(t, s, r.ID, "a")
	a := match.Append{Race: r.ID, Racer: "a", Seq: 1, Epoch: e, Action: "D"}

	srv.Pause(t)
	tctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	_, err := s.Append(tctx, a)
	cancel()
	if !errors.Is(err, match.ErrUnavailable) {
		t.Errorf("Append to a frozen Redis: got %v, want ErrUnavailable", err)
	}
	srv.Resume(t)
	if _, err := s.Append(ctx, a); err != nil {
		t.Fatalf("retried Append: %v", err)
	}
	snap, err := s.Load(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got := seqs(snap.Logs["a"]); fmt.Sprint(got) != "[1]" {
		t.Errorf("log: seqs %v, want [1]", got)
	}
}

func seqs(log []match.Entry) []uint64 {
	var out []uint64
	for _, e := range log {
		out = append(out, e.Seq)
	}
	return out
}

func counter(t *testing.T, g prometheus.Gatherer, name string) float64 {
	t.Helper()
	mfs, err := g.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name {
			return mf.GetMetric()[0].GetCounter().GetValue()
		}
	}
	return 0
}
