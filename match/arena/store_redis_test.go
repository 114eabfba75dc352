package arena

import (
	"testing"

	"github.com/solitaire-race/racer/internal/redistest"
)

func TestArenaStoreRedis(t *testing.T) {
	st, err := NewRedis(RedisConfig{Client: redistest.Client(t)})
	if err != nil {
		t.Fatal(err)
	}
	testStore(t, st, redistest.Unique("arena"))
}

func TestArenaStoreRedisCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("a Redis Cluster takes seconds to start")
	}
	st, err := NewRedis(RedisConfig{Client: redistest.Cluster(t)})
	if err != nil {
		t.Fatal(err)
	}
	testStore(t, st, redistest.Unique("arena"))
}
