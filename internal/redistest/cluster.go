package redistest

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// ClusterNodes is the number of masters of a test cluster.
const ClusterNodes = 3

// Cluster starts a Redis Cluster of ClusterNodes masters (no replicas) for
// this test alone and returns a client of it, closed at cleanup; the
// servers stop at cleanup. It proves that a component keeps the keys of
// one operation in one hash slot. Without redis-server and redis-cli it
// skips the test, or fails it when CI=true.
func Cluster(t testing.TB) *redis.ClusterClient {
	t.Helper()
	return StartCluster(t, ClusterNodes).Client(t)
}

// TestCluster is a Redis Cluster started for one test: its masters'
// addresses, each with a client of that master alone.
type TestCluster struct {
	// Addrs are the masters' addresses, in the order they were started.
	Addrs []string
}

// StartCluster starts a Redis Cluster of n masters (no replicas, at least
// 3, as redis-cli requires) for this test alone, stopped at cleanup, and
// waits until every master serves every slot. Without redis-server and
// redis-cli it skips the test, or fails it when CI=true.
func StartCluster(t testing.TB, n int) *TestCluster {
	t.Helper()
	need(t)
	needCmd(t, "redis-cli")
	dir := t.TempDir()
	// The bus port is chosen free as the client port is: Redis's default,
	// the port plus 10,000, may be a client connection's port or past
	// 65535.
	extra := []string{"--cluster-enabled", "yes", "--cluster-config-file", "nodes-PORT.conf", "--cluster-node-timeout", "5000",
		"--cluster-port", "BUSPORT"}
	addrs := make([]string, n)
	for i := range addrs {
		s, err := start(dir, false, extra)
		if err != nil {
			t.Fatalf("redistest: cluster node: %v", err)
		}
		t.Cleanup(s.stop)
		addrs[i] = s.Addr
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args := append([]string{"--cluster", "create"}, addrs...)
	args = append(args, "--cluster-replicas", "0", "--cluster-yes")
	if out, err := exec.CommandContext(ctx, "redis-cli", args...).CombinedOutput(); err != nil {
		t.Fatalf("redistest: redis-cli --cluster create: %v\n%s", err, out)
	}
	for _, a := range addrs { // every node must see every slot served
		c := redis.NewClient(&redis.Options{Addr: a})
		for {
			info, err := c.ClusterInfo(ctx).Result()
			if err == nil && strings.Contains(info, "cluster_state:ok") {
				break
			}
			if ctx.Err() != nil {
				c.Close()
				t.Fatalf("redistest: cluster node %s not ok: %v %q", a, err, info)
			}
			time.Sleep(100 * time.Millisecond) // bounded by ctx
		}
		c.Close()
	}
	return &TestCluster{Addrs: addrs}
}

// Client returns a new client of the cluster, closed at cleanup.
func (tc *TestCluster) Client(t testing.TB) *redis.ClusterClient {
	t.Helper()
	c := redis.NewClusterClient(&redis.ClusterOptions{Addrs: tc.Addrs, ContextTimeoutEnabled: true})
	t.Cleanup(func() { c.Close() })
	return c
}

// Master returns a client of the master at addr alone, closed at cleanup.
func (tc *TestCluster) Master(t testing.TB, addr string) *redis.Client {
	t.Helper()
	c := redis.NewClient(&redis.Options{Addr: addr, ContextTimeoutEnabled: true})
	t.Cleanup(func() { c.Close() })
	return c
}
