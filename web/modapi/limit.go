package modapi

import (
	"sync"
	"time"
)

// limiter is a token bucket per key: burst tokens, one more every
// every. It forgets full buckets. It is safe for concurrent use.
type limiter struct {
	burst int
	every time.Duration

	mu      sync.Mutex
	buckets map[string]bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newLimiter(burst int, every time.Duration) *limiter {
	return &limiter{burst: burst, every: every, buckets: map[string]bucket{}}
}

// allow spends one of key's tokens at now and reports whether it had
// one.
func (l *limiter) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		b = bucket{tokens: float64(l.burst), at: now}
	}
	if el := now.Sub(b.at); el > 0 {
		b.tokens = min(float64(l.burst), b.tokens+float64(el)/float64(l.every))
		b.at = now
	}
	if len(l.buckets) > 10000 {
		for k, x := range l.buckets {
			if x.tokens+float64(now.Sub(x.at))/float64(l.every) >= float64(l.burst) {
				delete(l.buckets, k)
			}
		}
	}
	if b.tokens < 1 {
		l.buckets[key] = b
		return false
	}
	b.tokens--
	l.buckets[key] = b
	return true
}
