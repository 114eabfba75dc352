package broker

import (
	"context"
	"time"
)

// Nodes tells which nodes of a cluster are alive, for failure detection:
// each node beats often (every fraction of ttl), and a node whose last
// beat is older than its ttl is dead. A node that dies without a word
// (SIGKILL, a lost machine) is thus known dead about ttl after its last
// beat. Expiry follows the backend's clock, so nodes whose clocks differ
// agree on it. Implementations are safe for concurrent use.
type Nodes interface {
	// Beat records node as alive for ttl and returns the nodes known,
	// each with whether it is alive now: every node that beat within
	// NodesMemory before its expiry, node itself included. A node not
	// listed is unknown (it never beat, or died long ago), not dead.
	Beat(ctx context.Context, node string, ttl time.Duration) (map[string]bool, error)
}

// NodesMemory is how long a dead node stays listed (as dead) by
// Nodes.Beat after its last beat expired.
const NodesMemory = 10 * time.Minute
