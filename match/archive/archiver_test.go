package archive_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

type archived struct {
	race  string
	first bool
}

// runArchiver runs an Archiver of q into a until the test ends; it
// returns the channel its OnArchived reports on.
func runArchiver(t *testing.T, a archive.Archive, q archive.Queue, reg prometheus.Registerer) (*archive.Archiver, <-chan archived) {
	t.Helper()
	ch := make(chan archived, 16)
	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: a, Queue: q, Registerer: reg, Wait: 20 * time.Millisecond,
		OnArchived: func(_ context.Context, race string, first bool) { ch <- archived{race, first} }})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	ctx := t.Context()
	go func() { _ = ar.Run(ctx); close(done) }()
	t.Cleanup(func() { <-done })
	return ar, ch
}

func wait(t *testing.T, ch <-chan archived) archived {
	t.Helper()
	select {
	case a := <-ch:
		return a
	case <-time.After(20 * time.Second):
		t.Fatal("got no race archived within 20 s")
		return archived{}
	}
}

func openSQLite(t *testing.T) *archive.SQL {
	t.Helper()
	a, err := archive.Open(t.Context(), archivetest.SQLiteFile(t), games.All)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = a.Close() })
	return a
}

// A race queued on one node is archived by the Archiver, read back by
// Load, and counted by the metrics.
func TestArchiverMemory(t *testing.T) {
	t.Parallel()
	a := openSQLite(t)
	reg := prometheus.NewPedanticRegistry()
	ar, ch := runArchiver(t, a, nil, reg)
	rp := replaytest.Sample()
	if _, err := ar.Load(t.Context(), rp.Race); err == nil {
		t.Fatal("got a race before it was saved")
	}
	if ok, err := ar.Save(t.Context(), rp); err != nil || !ok {
		t.Fatalf("got %v, %v, want queued", ok, err)
	}
	if got := wait(t, ch); got != (archived{rp.Race, true}) {
		t.Errorf("got %+v, want %s written first", got, rp.Race)
	}
	if got, err := ar.Load(t.Context(), rp.Race); err != nil || got.Seed != rp.Seed {
		t.Errorf("got %v, %v, want the race", got.Race, err)
	}
	if n := counter(t, reg, "racer_archive_writes_total", "first"); n != 1 {
		t.Errorf("got %v first writes, want 1", n)
	}
}

// A node dies between a race's end and its archival: its worker claimed
// the race (or even wrote it) but never marked it done. Another node's
// Archiver takes it over once idle and the archive holds it exactly once.
func TestArchiverTakesOverDeadNode(t *testing.T) {
	t.Parallel()
	c := redistest.Client(t)
	for _, tc := range []struct {
		name      string
		wrote     bool // the dead node wrote the race before dying
		wantFirst bool
	}{
		{"ClaimedOnly", false, true},
		{"WrittenNotAcked", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			a := openSQLite(t)
			prefix := archivetestPrefix()
			dead, err := archive.NewRedisQueue(archive.RedisQueueConfig{Client: c, Games: games.All, Prefix: prefix})
			if err != nil {
				t.Fatal(err)
			}
			rp := archivetest.PlayRace(t, games.All, archivetest.UniqueID("dead"), "bvs", 3, 30)
			if err := dead.Push(ctx, rp); err != nil {
				t.Fatal(err)
			}
			items, err := dead.Claim(ctx, "dead-node", 10, 0)
			if err != nil || len(items) != 1 {
				t.Fatalf("got %v, %v, want the race claimed", items, err)
			}
			if tc.wrote {
				if _, err := a.Save(ctx, items[0].Replay); err != nil {
					t.Fatal(err)
				}
			}
			// The dead node's OnFinish raced with another's: a second push
			// while queued adds nothing.
			if err := dead.Push(ctx, rp); err != nil {
				t.Fatal(err)
			}
			alive, err := archive.NewRedisQueue(archive.RedisQueueConfig{Client: c, Games: games.All, Prefix: prefix, MinIdle: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			reg := prometheus.NewPedanticRegistry()
			_, ch := runArchiver(t, a, alive, reg)
			if got := wait(t, ch); got != (archived{rp.Race, tc.wantFirst}) {
				t.Errorf("got %+v, want %s with first=%v", got, rp.Race, tc.wantFirst)
			}
			var n int
			if err := a.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM archive_races WHERE id = $1", rp.Race).Scan(&n); err != nil || n != 1 {
				t.Errorf("got %d rows, %v, want the race once", n, err)
			}
			if o, err := alive.Oldest(ctx); err != nil || !o.IsZero() {
				t.Errorf("got oldest %v, %v, want an empty queue", o, err)
			}
			select {
			case extra := <-ch:
				t.Errorf("got %+v archived again, want once", extra)
			default:
			}
		})
	}
}

// counter returns the value of counter name{…=label} in reg.
func counter(t *testing.T, reg *prometheus.Registry, name, label string) float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, lp := range m.GetLabel() {
				if lp.GetValue() == label {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	t.Fatalf("no %s{%s}", name, label)
	return 0
}

// gatedArchive is a real archive whose Save waits, before writing, until
// n saves are under way at once, or until the wait's bound passes (then
// it fails), and whose Save after writing can hold until its context
// ends.
type gatedArchive struct {
	archive.Archive
	arrive  chan struct{} // one send per Save under way
	open    chan struct{} // closed once n are
	n       int
	holdCtx bool
}

func (g *gatedArchive) Save(ctx context.Context, rp replay.Replay) (bool, error) {
	if g.n > 0 {
		g.arrive <- struct{}{}
		select {
		case <-g.open:
		case <-time.After(10 * time.Second):
			return false, errors.New("gatedArchive: saves not under way at once")
		}
	}
	if g.holdCtx {
		// A write that ends just as its time bound does: the save itself
		// is not cut short (a slow machine may take the whole short bound
		// the test sets), then the call holds until the bound is spent.
		first, err := g.Archive.Save(context.WithoutCancel(ctx), rp)
		<-ctx.Done()
		return first, err
	}
	return g.Archive.Save(ctx, rp)
}

// queueRaces pushes n races on a new memory queue and returns it with the
// races' IDs.
func queueRaces(t *testing.T, n int) (*archive.MemoryQueue, map[string]bool) {
	t.Helper()
	q := archive.NewMemoryQueue(archive.MemoryQueueConfig{})
	ids := map[string]bool{}
	for range n {
		rp := replaytest.Sample()
		rp.Race = archivetest.UniqueID("batch")
		if err := q.Push(t.Context(), rp); err != nil {
			t.Fatal(err)
		}
		ids[rp.Race] = true
	}
	return q, ids
}

// The races of one claimed batch are written at once, Workers at a time:
// an archive that lets no save through until four are under way
// archives all four on the first try.
func TestArchiverWritesAtOnce(t *testing.T) {
	t.Parallel()
	const n = 4
	q, ids := queueRaces(t, n)
	g := &gatedArchive{Archive: openSQLite(t), arrive: make(chan struct{}, n), open: make(chan struct{}), n: n}
	go func() {
		for range n {
			select {
			case <-g.arrive:
			case <-t.Context().Done():
				return
			}
		}
		close(g.open)
	}()
	reg := prometheus.NewPedanticRegistry()
	ch := make(chan archived, n)
	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: g, Queue: q, Registerer: reg, Workers: n,
		OnArchived: func(_ context.Context, race string, first bool) { ch <- archived{race, first} }})
	if err != nil {
		t.Fatal(err)
	}
	if err := ar.Drain(t.Context()); err != nil {
		t.Fatal(err)
	}
	for range n {
		got := wait(t, ch)
		if !ids[got.race] || !got.first {
			t.Errorf("got %+v, want one of the queued races written first", got)
		}
		delete(ids, got.race)
	}
	if f := counter(t, reg, "racer_archive_failures_total", "write"); f != 0 {
		t.Errorf("got %v failed writes, want 0", f)
	}
}

// Writes that use up their whole time bound leave the queue's Done and
// OnArchived time of their own: the node still shortens the archived
// race's hot state (a report with a spent context would leave the race's
// result in Redis for good).
func TestArchiverReportsAfterSlowWrites(t *testing.T) {
	t.Parallel()
	archive.SetWriteTimeout(t, 50*time.Millisecond)
	q, ids := queueRaces(t, 2)
	g := &gatedArchive{Archive: openSQLite(t), holdCtx: true}
	type report struct {
		race string
		err  error
	}
	ch := make(chan report, 2)
	ar, err := archive.NewArchiver(archive.ArchiverConfig{Archive: g, Queue: q,
		OnArchived: func(ctx context.Context, race string, _ bool) { ch <- report{race, ctx.Err()} }})
	if err != nil {
		t.Fatal(err)
	}
	if err := ar.Drain(t.Context()); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		select {
		case r := <-ch:
			if !ids[r.race] || r.err != nil {
				t.Errorf("got OnArchived(%s) with context error %v, want a queued race with a live context", r.race, r.err)
			}
		default:
			t.Fatal("got fewer OnArchived calls than races")
		}
	}
	if o, err := q.Oldest(t.Context()); err != nil || !o.IsZero() {
		t.Errorf("got oldest %v, %v, want an empty queue", o, err)
	}
}
