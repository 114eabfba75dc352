package archive

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// MemoryQueue is a Queue in this process's memory, for a single node:
// what it holds dies with the process. It is safe for concurrent use.
type MemoryQueue struct {
	minIdle time.Duration
	clock   func() time.Time

	mu sync.Mutex
	// wake is closed and replaced when an item is pushed.
	wake  chan struct{}
	next  uint64
	items []*memItem // in push order
	races map[string]bool
}

type memItem struct {
	id      string
	key     string
	rp      replay.Replay
	ratings []rating.Change
	pushed  time.Time
	claimed time.Time // zero: not claimed
}

var _ Queue = (*MemoryQueue)(nil)

// MemoryQueueConfig configures a MemoryQueue. The zero value means the
// defaults.
type MemoryQueueConfig struct {
	// MinIdle is how long a claimed item stays with its consumer before
	// Claim returns it again. Default DefaultMinIdle.
	MinIdle time.Duration
	// Clock is the queue's clock. Default time.Now.
	Clock func() time.Time
}

// NewMemoryQueue returns an empty MemoryQueue.
func NewMemoryQueue(cfg MemoryQueueConfig) *MemoryQueue {
	if cfg.MinIdle <= 0 {
		cfg.MinIdle = DefaultMinIdle
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	return &MemoryQueue{minIdle: cfg.MinIdle, clock: cfg.Clock, wake: make(chan struct{}), races: map[string]bool{}}
}

// Push implements Queue.
func (q *MemoryQueue) Push(ctx context.Context, rp replay.Replay, ratings ...rating.Change) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	key := queueKey(rp.Race, len(ratings) > 0)
	if q.races[key] {
		return nil
	}
	q.next++
	q.items = append(q.items, &memItem{id: strconv.FormatUint(q.next, 10), key: key, rp: rp, ratings: ratings, pushed: q.clock()})
	q.races[key] = true
	close(q.wake)
	q.wake = make(chan struct{})
	return nil
}

// Claim implements Queue.
func (q *MemoryQueue) Claim(ctx context.Context, consumer string, n int, wait time.Duration) ([]Item, error) {
	var timeout <-chan time.Time
	for {
		q.mu.Lock()
		now := q.clock()
		var out []Item
		for _, it := range q.items {
			if len(out) == n {
				break
			}
			if it.claimed.IsZero() || now.Sub(it.claimed) >= q.minIdle {
				it.claimed = now
				out = append(out, Item{ID: it.id, Race: it.rp.Race, Replay: it.rp, Ratings: it.ratings})
			}
		}
		wake := q.wake
		q.mu.Unlock()
		if len(out) > 0 || wait <= 0 {
			return out, nil
		}
		if timeout == nil {
			t := time.NewTimer(wait)
			defer t.Stop()
			timeout = t.C
		}
		select {
		case <-wake:
		case <-timeout:
			return nil, nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Done implements Queue.
func (q *MemoryQueue) Done(ctx context.Context, items ...Item) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	done := map[string]bool{}
	for _, it := range items {
		done[it.ID] = true
	}
	kept := q.items[:0]
	for _, it := range q.items {
		if done[it.id] {
			delete(q.races, it.key)
			continue
		}
		kept = append(kept, it)
	}
	clear(q.items[len(kept):])
	q.items = kept
	return nil
}

// Oldest implements Queue.
func (q *MemoryQueue) Oldest(ctx context.Context) (time.Time, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		return time.Time{}, nil
	}
	return q.items[0].pushed, nil
}

// Len returns the number of items queued, claimed or not.
func (q *MemoryQueue) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}
