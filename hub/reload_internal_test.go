package hub

import (
	"context"
	"io"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// staleLoads returns, while stale is positive, snapshots that miss each
// racer's last entry: a read that a local append overtook.
type staleLoads struct {
	match.Store
	stale  atomic.Int32
	loads  atomic.Int32
	during func() // when set, runs once after a read, before it returns
}

func (s *staleLoads) Load(ctx context.Context, race string) (match.Snapshot, error) {
	snap, err := s.Store.Load(ctx, race)
	s.loads.Add(1)
	if f := s.during; f != nil {
		s.during = nil
		f()
	}
	if err != nil || s.stale.Add(-1) < 0 {
		return snap, err
	}
	logs := make(map[string][]match.Entry, len(snap.Logs))
	for id, l := range snap.Logs {
		if len(l) > 0 {
			l = l[:len(l)-1]
		}
		logs[id] = l
	}
	snap.Logs = logs
	return snap, nil
}

// TestReloadKeepsLocalMoves: a move applied here while a reload reads
// the store is applied to the snapshot too; a reload whose snapshot is
// behind a board here reads again instead of dropping the board's moves,
// and after reloadTries such reads leaves the race as it is, marked lost.
func TestReloadKeepsLocalMoves(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	store := &staleLoads{Store: match.NewMemoryStore(match.MemoryStoreConfig{})}
	h, err := New(Config{Store: store, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Shutdown(ctx)
	seed, line := matchtest.Winnable(games.All, "bvs")
	if _, err := store.CreateRace(ctx, match.Race{ID: "r1", Profile: "bvs", Seed: seed,
		Racers: []match.Racer{{ID: "a", Name: "a"}, {ID: "b", Name: "b"}}}); err != nil {
		t.Fatal(err)
	}
	epoch, err := store.Join(ctx, "r1", "a")
	if err != nil {
		t.Fatal(err)
	}
	lr, err := h.reg.acquireRace(ctx, "r1")
	if err != nil {
		t.Fatal(err)
	}
	defer h.reg.releaseRace(lr)
	gone, stop := context.WithCancel(ctx)
	stop()
	nobody := &conn{ctx: gone} // an ended connection: its acks are dropped
	seqA := func() uint64 {
		lr.mu.Lock()
		defer lr.mu.Unlock()
		return lr.m.Seq("a")
	}
	move := func(seq uint64) {
		mv := line[seq-1].String()
		_, p, err := lr.prepare("a", seq, mv, nobody.rc.scratchFor(lr))
		if err != nil {
			t.Fatal(err)
		}
		res, err := store.Append(ctx, match.Append{Race: "r1", Racer: "a", Seq: seq, Epoch: epoch, Action: mv})
		if err != nil {
			t.Fatal(err)
		}
		lr.applyLocal(nobody, p, res.At, res.Again)
	}
	move(1)
	move(2)

	store.stale.Store(1)
	before := store.loads.Load()
	if err := lr.reload(ctx); err != nil {
		t.Fatal(err)
	}
	if got := seqA(); got != 2 {
		t.Errorf("after a stale read, a's board at seq %d, want 2", got)
	}
	if n := store.loads.Load() - before; n != 2 {
		t.Errorf("%d reads, want 2 (one stale, one fresh)", n)
	}

	// A move acknowledged while the snapshot is read: one read does.
	store.during = func() { move(3) }
	before = store.loads.Load()
	if err := lr.reload(ctx); err != nil {
		t.Fatal(err)
	}
	if got := seqA(); got != 3 {
		t.Errorf("a move during the read: a's board at seq %d, want 3", got)
	}
	if n := store.loads.Load() - before; n != 1 {
		t.Errorf("%d reads, want 1", n)
	}
	lr.mu.Lock()
	hist := lr.feed.hist["a"]
	lr.mu.Unlock()
	if len(hist) == 0 || hist[len(hist)-1].seq != 3 {
		t.Errorf("spectators' history ends %v, want the move of seq 3 in it", hist)
	}

	store.stale.Store(reloadTries)
	before = store.loads.Load()
	if err := lr.reload(ctx); err == nil {
		t.Errorf("%d stale reads: no error", reloadTries)
	}
	if got := seqA(); got != 3 {
		t.Errorf("after %d stale reads, a's board at seq %d, want 3 kept", reloadTries, got)
	}
	if !lr.lost.Load() {
		t.Error("race not marked lost after failing to reload")
	}
	if n := store.loads.Load() - before; n != reloadTries {
		t.Errorf("%d reads, want %d", n, reloadTries)
	}
}
