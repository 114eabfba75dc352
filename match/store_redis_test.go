package match_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/storetest"
)

func newRedisStore(t testing.TB, cfg match.RedisStoreConfig) *match.RedisStore {
	t.Helper()
	if cfg.Client == nil {
		cfg.Client = redistest.Client(t)
	}
	s, err := match.NewRedisStore(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestRedisStore(t *testing.T) {
	storetest.StoreSuite(t, func(t *testing.T) match.Store {
		return newRedisStore(t, match.RedisStoreConfig{})
	})
}
