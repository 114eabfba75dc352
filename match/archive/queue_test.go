package archive_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/archive/archivetest"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay/replaytest"
)

// queueSuite runs the tests every Queue passes. expire returns the
// queue as a consumer sees it once the items claimed so far have been
// idle for longer than MinIdle.
func queueSuite(t *testing.T, newQueue func(t *testing.T) (q archive.Queue, expire func() archive.Queue)) {
	t.Run("PushClaimDone", func(t *testing.T) {
		q, _ := newQueue(t)
		ctx := t.Context()
		if o, err := q.Oldest(ctx); err != nil || !o.IsZero() {
			t.Fatalf("got oldest %v, %v of an empty queue, want zero", o, err)
		}
		a, b := replaytest.Sample(), replaytest.Sample()
		// a twice while queued: once in the queue.
		for _, err := range []error{q.Push(ctx, a), q.Push(ctx, b), q.Push(ctx, a)} {
			if err != nil {
				t.Fatal(err)
			}
		}
		if o, err := q.Oldest(ctx); err != nil || o.IsZero() || time.Since(o) > time.Minute {
			t.Errorf("got oldest %v, %v, want about now", o, err)
		}
		items, err := q.Claim(ctx, "n1", 10, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(items) != 2 || items[0].Race != a.Race || items[1].Race != b.Race || items[0].Err != nil ||
			items[0].Replay.Seed != a.Seed {
			t.Fatalf("got %+v, want a and b once each, in order, decoded", items)
		}
		if more, err := q.Claim(ctx, "n2", 10, 0); err != nil || len(more) != 0 {
			t.Errorf("got %v, %v from another consumer, want nothing (claimed, not idle)", more, err)
		}
		if err := q.Done(ctx, items...); err != nil {
			t.Fatal(err)
		}
		if o, err := q.Oldest(ctx); err != nil || !o.IsZero() {
			t.Errorf("got oldest %v, %v once done, want zero", o, err)
		}
	})
	t.Run("ClaimIdle", func(t *testing.T) {
		q, expire := newQueue(t)
		ctx := t.Context()
		rp := replaytest.Sample()
		if err := q.Push(ctx, rp); err != nil {
			t.Fatal(err)
		}
		if items, err := q.Claim(ctx, "dead", 1, 0); err != nil || len(items) != 1 {
			t.Fatalf("got %v, %v, want the race", items, err)
		}
		q = expire()
		var items []archive.Item
		for len(items) == 0 && ctx.Err() == nil {
			var err error
			if items, err = q.Claim(ctx, "alive", 1, 10*time.Millisecond); err != nil {
				t.Fatal(err)
			}
		}
		if len(items) != 1 || items[0].Race != rp.Race {
			t.Fatalf("got %+v, want the dead consumer's race", items)
		}
		if err := q.Done(ctx, items...); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("ClaimWaits", func(t *testing.T) {
		q, _ := newQueue(t)
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		defer cancel()
		rp := replaytest.Sample()
		got := make(chan []archive.Item, 1)
		var wg sync.WaitGroup
		wg.Go(func() {
			items, err := q.Claim(ctx, "n1", 1, 5*time.Second)
			if err != nil {
				t.Error(err)
			}
			got <- items
		})
		if err := q.Push(ctx, rp); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		items := <-got
		if len(items) == 0 {
			// The claim began before the push (it waited and was woken)
			// or after it; either way it must see the race.
			t.Fatalf("got no item from a claim waiting on a push")
		}
	})
	t.Run("Ratings", func(t *testing.T) {
		q, _ := newQueue(t)
		testQueueRatings(t, q)
	})
}

// testQueueRatings pushes a race without and with rating changes: two
// items, the changes read back as pushed.
func testQueueRatings(t *testing.T, q archive.Queue) {
	ctx := t.Context()
	rp := replaytest.Sample()
	at := rp.Result.FinishedAt
	ch := []rating.Change{{Player: "a", Profile: rp.Profile, Race: rp.Race, At: at,
		Before: rating.Rating{Rating: 1500, Deviation: 500, Volatility: 0.09},
		After:  rating.Rating{Rating: 1662.3, Deviation: 290.3, Volatility: 0.09, Games: 1, Updated: at}}}
	for _, err := range []error{q.Push(ctx, rp), q.Push(ctx, rp, ch...), q.Push(ctx, rp, ch...)} {
		if err != nil {
			t.Fatal(err)
		}
	}
	items, err := q.Claim(ctx, "n1", 10, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 || len(items[0].Ratings) != 0 || len(items[1].Ratings) != 1 ||
		items[1].Ratings[0].After != ch[0].After || !items[1].Ratings[0].At.Equal(at) || items[1].Ratings[0].Player != "a" {
		t.Fatalf("got %+v, want the race without changes, then with them", items)
	}
	if err := q.Done(ctx, items...); err != nil {
		t.Fatal(err)
	}
	if more, err := q.Claim(ctx, "n1", 10, 0); err != nil || len(more) != 0 {
		t.Errorf("got %v, %v once done, want nothing", more, err)
	}
}

func TestMemoryQueue(t *testing.T) {
	t.Parallel()
	queueSuite(t, func(t *testing.T) (archive.Queue, func() archive.Queue) {
		var mu sync.Mutex
		now := time.Now()
		q := archive.NewMemoryQueue(archive.MemoryQueueConfig{Clock: func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			return now
		}})
		return q, func() archive.Queue {
			mu.Lock()
			now = now.Add(archive.DefaultMinIdle)
			mu.Unlock()
			return q
		}
	})
}

func TestRedisQueue(t *testing.T) {
	t.Parallel()
	c := redistest.Client(t)
	queueSuite(t, func(t *testing.T) (archive.Queue, func() archive.Queue) {
		prefix := archivetestPrefix()
		q, err := archive.NewRedisQueue(archive.RedisQueueConfig{Client: c, Games: games.All, Prefix: prefix})
		if err != nil {
			t.Fatal(err)
		}
		// Redis's clock cannot be moved: a consumer with a MinIdle of
		// 1 ms sees the items idle once a millisecond has passed.
		return q, func() archive.Queue {
			q, err := archive.NewRedisQueue(archive.RedisQueueConfig{Client: c, Games: games.All, Prefix: prefix, MinIdle: time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			return q
		}
	})
}

func TestSQLQueue(t *testing.T) {
	t.Parallel()
	open := func(t *testing.T, path string, clock func() time.Time) (*archive.SQL, *archive.SQLQueue) {
		t.Helper()
		a, err := archive.Open(t.Context(), path, games.All)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = a.Close() })
		q, err := archive.NewSQLQueue(t.Context(), archive.SQLQueueConfig{Archive: a, Clock: clock})
		if err != nil {
			t.Fatal(err)
		}
		return a, q
	}
	queueSuite(t, func(t *testing.T) (archive.Queue, func() archive.Queue) {
		var mu sync.Mutex
		now := time.Now()
		_, q := open(t, filepath.Join(t.TempDir(), "archive.db"), func() time.Time {
			mu.Lock()
			defer mu.Unlock()
			return now
		})
		return q, func() archive.Queue {
			mu.Lock()
			now = now.Add(archive.DefaultMinIdle)
			mu.Unlock()
			return q
		}
	})

	// A process that dies holding a claim: the next to open the file
	// claims the race at once.
	t.Run("Reopen", func(t *testing.T) {
		ctx := t.Context()
		path := filepath.Join(t.TempDir(), "archive.db")
		a, q := open(t, path, nil)
		rp := replaytest.Sample()
		if err := q.Push(ctx, rp); err != nil {
			t.Fatal(err)
		}
		if items, err := q.Claim(ctx, "dead", 1, 0); err != nil || len(items) != 1 {
			t.Fatalf("got %v, %v, want the race", items, err)
		}
		_ = a.Close()
		_, q = open(t, path, nil)
		items, err := q.Claim(ctx, "alive", 10, 0)
		if err != nil || len(items) != 1 || items[0].Race != rp.Race {
			t.Fatalf("got %+v, %v, want the race the dead process claimed", items, err)
		}
		if n, err := q.Len(ctx); err != nil || n != 1 {
			t.Errorf("got %d, %v, want 1 item until done", n, err)
		}
		if err := q.Done(ctx, items...); err != nil {
			t.Fatal(err)
		}
	})
}

// archivetestPrefix returns a key prefix of one test.
func archivetestPrefix() string { return "racer:{" + archivetest.UniqueID("aq") + "}:" }
