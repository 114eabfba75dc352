package redisscript

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/redis/go-redis/v9"
)

// script is one registered script.
type script struct {
	sha string
	src string
}

var (
	registryMu sync.Mutex
	registry   []script // in the order of New, one per SHA
)

// New registers src for Load and returns redis.NewScript(src). It is
// meant for package-level variables, so that every script of a binary is
// registered before main runs; a source registered already is kept once.
// It is safe for concurrent use.
func New(src string) *redis.Script {
	s := redis.NewScript(src)
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, r := range registry {
		if r.sha == s.Hash() {
			return s
		}
	}
	registry = append(registry, script{sha: s.Hash(), src: src})
	return s
}

// Load sends SCRIPT LOAD for every registered script to c in one
// pipeline. c is one node: a connection, a single-node client, or a
// Cluster client's node (a *redis.ClusterClient sends the pipeline to one
// node only; OnConnect covers every node). It returns the first transport
// error if any command met one, else the first error reply (a user whose
// ACL lacks SCRIPT gets NOPERM).
func Load(ctx context.Context, c redis.Cmdable) error {
	registryMu.Lock()
	scripts := registry // New only appends; the prefix seen here stays as it is
	registryMu.Unlock()
	if len(scripts) == 0 {
		return nil
	}
	p := c.Pipeline()
	cmds := make([]*redis.StringCmd, len(scripts))
	for i, s := range scripts {
		cmds[i] = p.ScriptLoad(ctx, s.src)
	}
	_, _ = p.Exec(ctx) // each command carries its own error
	var replyErr error
	for _, cmd := range cmds {
		err := cmd.Err()
		if err == nil {
			continue
		}
		if !isReply(err) {
			return fmt.Errorf("redisscript: SCRIPT LOAD: %w", err)
		}
		if replyErr == nil {
			replyErr = fmt.Errorf("redisscript: SCRIPT LOAD: %w", err)
		}
	}
	return replyErr
}

// OnConnect is a go-redis Options.OnConnect (and ClusterOptions,
// FailoverOptions, UniversalOptions) hook that Loads every registered
// script on each new connection. An error reply, such as NOPERM from an
// ACL without SCRIPT, is ignored: the connection is kept and Script.Run
// falls back to EVAL. A transport error or an expired ctx is returned,
// so that go-redis closes the connection rather than hand out one whose
// unread SCRIPT LOAD replies would be taken for the next command's; the
// command that opened it fails with that error, as it would have on its
// own. It logs nothing.
func OnConnect(ctx context.Context, cn *redis.Conn) error {
	if err := Load(ctx, cn); err != nil && !isReply(err) {
		return err
	}
	return nil
}

// isReply reports whether err is an error reply from Redis rather than a
// failure to get one.
func isReply(err error) bool {
	var re redis.Error
	return errors.As(err, &re)
}
