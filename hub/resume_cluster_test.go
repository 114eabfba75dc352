package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/internal/redistest"
)

// TestTwoNodesRedisCluster is TestTwoNodesRedis on a Redis Cluster of
// three masters: a racer dropped from node 1 resumes on node 2 from the
// store's index of her live races, a key in her own hash slot, apart from
// the race's.
func TestTwoNodesRedisCluster(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("-short: skips two nodes on a Redis Cluster; CI runs it (go test without -short)")
	}
	c := redistest.Cluster(t)
	cfg1, cfg2 := redisBackends(t, c), redisBackends(t, c)
	n1, n2 := newServer(t, cfg1), newServer(t, cfg2)
	raceAcrossNodes(t, n1, n2, cfg2.Store)
}
