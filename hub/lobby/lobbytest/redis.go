package lobbytest

import (
	"testing"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/internal/redistest"
)

// NewRedis returns a Redis lobby built on cfg, on a client of the tests'
// Redis (redistest.Client) when cfg.Client is nil.
func NewRedis(t testing.TB, cfg lobby.RedisConfig) *lobby.Redis {
	t.Helper()
	if cfg.Client == nil {
		cfg.Client = redistest.Client(t)
	}
	l, err := lobby.NewRedis(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
