package lobby

import (
	"context"
	"slices"
	"time"

	"github.com/solitaire-race/racer/match"
)

// Apart is a Lobby that can keep players apart in its queues: two
// linked accounts never meet in a rated quick race (the hub's
// hub/links.go; docs/RULES.md, "Fair play").
type Apart interface {
	// EnqueueApart is Enqueue, except that p is never paired with a
	// waiting player whose ID is in apart: both wait on, and the next
	// player who may meet one of them is paired with the one who has
	// waited longest. Enqueue is EnqueueApart with no one apart.
	EnqueueApart(ctx context.Context, profile string, p match.Racer, ttl time.Duration, apart []string) (partner match.Racer, paired bool, err error)
}

var (
	_ Apart = (*Memory)(nil)
	_ Apart = (*Redis)(nil)
)

// EnqueueApart implements Apart.
func (l *Memory) EnqueueApart(ctx context.Context, profile string, p match.Racer, ttl time.Duration, apart []string) (match.Racer, bool, error) {
	if err := ctx.Err(); err != nil {
		return match.Racer{}, false, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	q := l.live(profile, now)
	for i, w := range q {
		if w.r.ID != p.ID && !slices.Contains(apart, w.r.ID) {
			l.queues[profile] = slices.Delete(q, i, i+1)
			return w.r, true, nil
		}
	}
	// Waiting, alone, beside those kept apart, or queued again: the
	// entry is renewed, last in the queue.
	q = slices.DeleteFunc(q, func(w waiting) bool { return w.r.ID == p.ID })
	l.queues[profile] = append(q, waiting{r: p, exp: expiry(now, ttl)})
	return match.Racer{}, false, nil
}
