package account

import (
	"net/netip"
	"sync"
	"time"
)

// Limit is a token bucket per key: Burst attempts at once, then one
// more each Every. The zero value allows everything.
type Limit struct {
	Burst int
	Every time.Duration
}

// limiter counts attempts per key (an IP address, a network, an
// account) in memory: the limits are per node. Safe for concurrent use.
type limiter struct {
	lim Limit
	mu  sync.Mutex
	// buckets holds each key's tokens and when they were counted; keys
	// whose bucket is full again are dropped by sweep.
	buckets map[string]bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	at     time.Time
}

// maxKeys bounds the keys a limiter holds; past it, a full sweep runs,
// and if the keys are still too many the oldest half of the map is
// dropped (an attacker flooding keys gains attempts, not memory).
const maxKeys = 100_000

func newLimiter(l Limit) *limiter { return &limiter{lim: l, buckets: map[string]bucket{}} }

// take spends one attempt of key at now and reports whether it was
// allowed, and if not how long until the next one is.
func (l *limiter) take(key string, now time.Time) (bool, time.Duration) {
	if l == nil || l.lim.Burst <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, now)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) * float64(l.lim.Every))
	}
	b.tokens--
	l.buckets[key] = b
	if len(l.buckets) > maxKeys || now.Sub(l.swept) > time.Minute {
		l.sweep(now)
	}
	return true, 0
}

// allowed reports whether key has an attempt left at now, spending none.
func (l *limiter) allowed(key string, now time.Time) (bool, time.Duration) {
	if l == nil || l.lim.Burst <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(key, now)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) * float64(l.lim.Every))
	}
	return true, 0
}

func (l *limiter) refill(key string, now time.Time) bucket {
	b, ok := l.buckets[key]
	if !ok {
		return bucket{tokens: float64(l.lim.Burst), at: now}
	}
	if l.lim.Every > 0 {
		b.tokens = min(float64(l.lim.Burst), b.tokens+float64(now.Sub(b.at))/float64(l.lim.Every))
	}
	b.at = now
	return b
}

func (l *limiter) sweep(now time.Time) {
	l.swept = now
	for k := range l.buckets {
		if b := l.refill(k, now); b.tokens >= float64(l.lim.Burst) {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) > maxKeys {
		n := 0
		for k := range l.buckets {
			delete(l.buckets, k)
			if n++; n > maxKeys/2 {
				break
			}
		}
	}
}

// network returns the network an address belongs to for the wider
// limit: its /24 for IPv4, its /56 for IPv6 (what one subscriber
// usually holds); "" for a key that is no address.
func network(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ""
	}
	a = a.Unmap()
	bits := 24
	if a.Is6() {
		bits = 56
	}
	p, _ := a.Prefix(bits)
	return p.String()
}
