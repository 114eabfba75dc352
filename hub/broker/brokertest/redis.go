package brokertest

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/internal/redistest"
)

// NewRedis returns a Redis broker built on cfg, on a client of the tests'
// Redis (redistest.Client) when cfg.Client is nil, and shuts it down when
// the test ends.
func NewRedis(t testing.TB, cfg broker.RedisConfig) *broker.Redis {
	t.Helper()
	if cfg.Client == nil {
		cfg.Client = redistest.Client(t)
	}
	b, err := broker.NewRedis(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := b.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
	})
	return b
}
