package archive

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
)

// SQLQueueConfig configures an SQLQueue.
type SQLQueueConfig struct {
	// Archive is the database the queue lives in (its archive_outbox
	// table), opened with its games (Open). Required.
	Archive *SQL
	// MinIdle is how long a claimed item stays with its consumer before
	// Claim returns it again. Default DefaultMinIdle.
	MinIdle time.Duration
	// Clock is the queue's clock. Default time.Now.
	Clock func() time.Time
}

// SQLQueue is a Queue in the archive's own database, for a single node
// whose race store is in memory: a race pushed when it ends is on disk
// with the archive, so a node killed before archiving it archives it once
// it starts again. One process drains a database's SQLQueue: opening one
// releases every claim left by a process that died. It is safe for
// concurrent use.
type SQLQueue struct {
	a       *SQL
	minIdle time.Duration
	clock   func() time.Time

	wakeMu sync.Mutex
	// wake is closed and replaced when an item is pushed.
	wake chan struct{}
}

var _ Queue = (*SQLQueue)(nil)

// NewSQLQueue returns the queue in cfg.Archive, with every claim
// released.
func NewSQLQueue(ctx context.Context, cfg SQLQueueConfig) (*SQLQueue, error) {
	if cfg.Archive == nil {
		return nil, errors.New("archive: SQLQueueConfig.Archive is nil")
	}
	if cfg.Archive.games == nil {
		return nil, fmt.Errorf("%w: SQLQueueConfig.Archive was opened without games (use Open)", ErrNoGames)
	}
	if cfg.MinIdle <= 0 {
		cfg.MinIdle = DefaultMinIdle
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if _, err := cfg.Archive.db.ExecContext(ctx, `UPDATE archive_outbox SET claimed_at = 0 WHERE claimed_at <> 0`); err != nil {
		return nil, fmt.Errorf("archive: outbox: %w", err)
	}
	return &SQLQueue{a: cfg.Archive, minIdle: cfg.MinIdle, clock: cfg.Clock, wake: make(chan struct{})}, nil
}

// Push implements Queue: the race is on disk when it returns.
func (q *SQLQueue) Push(ctx context.Context, rp replay.Replay, ratings ...rating.Change) error {
	rec, err := Encode(q.a.games, rp)
	if err != nil {
		return err
	}
	var rs []byte
	if len(ratings) > 0 {
		if rs, err = json.Marshal(ratings); err != nil {
			return err
		}
	}
	if _, err := q.a.db.ExecContext(ctx, `INSERT INTO archive_outbox (key, race, record, ratings, pushed_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING`,
		queueKey(rp.Race, len(ratings) > 0), rp.Race, rec, string(rs), q.clock().UnixMilli()); err != nil {
		return fmt.Errorf("archive: queue %s: %w", rp.Race, err)
	}
	q.wakeMu.Lock()
	close(q.wake)
	q.wake = make(chan struct{})
	q.wakeMu.Unlock()
	return nil
}

// Claim implements Queue.
func (q *SQLQueue) Claim(ctx context.Context, consumer string, n int, wait time.Duration) ([]Item, error) {
	var timeout <-chan time.Time
	for {
		q.wakeMu.Lock()
		wake := q.wake
		q.wakeMu.Unlock()
		items, err := q.claim(ctx, n)
		if err != nil || len(items) > 0 || wait <= 0 {
			return items, err
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

// claim marks up to n unclaimed or idle items claimed and returns them.
func (q *SQLQueue) claim(ctx context.Context, n int) ([]Item, error) {
	now := q.clock().UnixMilli()
	tx, err := q.a.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("archive: queue claim: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	rows, err := tx.QueryContext(ctx, `SELECT id, race, record, ratings FROM archive_outbox
		WHERE claimed_at = 0 OR claimed_at <= $1 ORDER BY id LIMIT $2`, now-q.minIdle.Milliseconds(), n)
	if err != nil {
		return nil, fmt.Errorf("archive: queue claim: %w", err)
	}
	var items []Item
	var ids []string
	for rows.Next() {
		var id int64
		var it Item
		var rec []byte
		var rs string
		if err := rows.Scan(&id, &it.Race, &rec, &rs); err != nil {
			rows.Close()
			return nil, fmt.Errorf("archive: queue claim: %w", err)
		}
		it.ID = strconv.FormatInt(id, 10)
		it.Replay, it.Err = Decode(q.a.games, rec)
		if rs != "" && it.Err == nil {
			if err := json.Unmarshal([]byte(rs), &it.Ratings); err != nil {
				it.Replay, it.Err = replay.Replay{}, fmt.Errorf("archive: ratings of %s: %w", it.Race, err)
			}
		}
		items = append(items, it)
		ids = append(ids, it.ID)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("archive: queue claim: %w", err)
	}
	if len(items) == 0 {
		return nil, nil
	}
	// The IDs are integers this query read: safe to inline.
	if _, err := tx.ExecContext(ctx, `UPDATE archive_outbox SET claimed_at = $1 WHERE id IN (`+strings.Join(ids, ",")+`)`, now); err != nil {
		return nil, fmt.Errorf("archive: queue claim: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("archive: queue claim: %w", err)
	}
	return items, nil
}

// Done implements Queue.
func (q *SQLQueue) Done(ctx context.Context, items ...Item) error {
	if len(items) == 0 {
		return nil
	}
	ids := make([]string, 0, len(items))
	for _, it := range items {
		if _, err := strconv.ParseInt(it.ID, 10, 64); err != nil {
			return fmt.Errorf("archive: queue done: item ID %q", it.ID)
		}
		ids = append(ids, it.ID)
	}
	if _, err := q.a.db.ExecContext(ctx, `DELETE FROM archive_outbox WHERE id IN (`+strings.Join(ids, ",")+`)`); err != nil {
		return fmt.Errorf("archive: queue done: %w", err)
	}
	return nil
}

// Oldest implements Queue.
func (q *SQLQueue) Oldest(ctx context.Context) (time.Time, error) {
	var ms *int64
	if err := q.a.db.QueryRowContext(ctx, `SELECT MIN(pushed_at) FROM archive_outbox`).Scan(&ms); err != nil {
		return time.Time{}, fmt.Errorf("archive: queue oldest: %w", err)
	}
	if ms == nil {
		return time.Time{}, nil
	}
	return time.UnixMilli(*ms), nil
}

// Len returns the number of items queued, claimed or not.
func (q *SQLQueue) Len(ctx context.Context) (int, error) {
	var n int
	err := q.a.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM archive_outbox`).Scan(&n)
	return n, err
}
