package hub_test

import (
	"context"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/brokertest"
	"github.com/solitaire-race/racer/internal/redistest"
)

func newRedisBroker(t testing.TB, cfg hub.RedisBrokerConfig) *hub.RedisBroker {
	t.Helper()
	if cfg.Client == nil {
		cfg.Client = redistest.Client(t)
	}
	b, err := hub.NewRedisBroker(cfg)
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

func TestRedisBroker(t *testing.T) {
	brokertest.BrokerSuite(t, func(t *testing.T) hub.Broker { return newRedisBroker(t, hub.RedisBrokerConfig{}) })
}

func TestRedisPresence(t *testing.T) {
	brokertest.PresenceSuite(t, func(t *testing.T) hub.Presence { return newRedisBroker(t, hub.RedisBrokerConfig{}) })
}
