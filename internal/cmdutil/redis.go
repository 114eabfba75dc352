package cmdutil

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/redisscript"
)

// NewRedisClient builds a client from a redis:// or rediss:// URL. A URL
// with addr= query parameters (more seed nodes) or cluster means a Redis
// Cluster (*redis.ClusterClient), else a single node (*redis.Client).
// The client honours contexts' deadlines, which bound the calls a caller
// waits on, rather than waiting out its own read timeout and retries.
// Each new connection loads every Lua script of package redisscript's
// registry (redisscript.OnConnect), so that a Redis that has restarted
// or been failed over to answers EVALSHA from the first call.
// Its connections are named after the program (CLIENT SETNAME, seen in
// CLIENT LIST) instead of go-redis's CLIENT SETINFO, which a Redis
// before 7.2 answers with an error (counted in INFO errorstats) on every
// new connection.
// Errors name the -redis flag.
func NewRedisClient(rawURL string, cluster bool) (redis.UniversalClient, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("-redis: %w", err)
	}
	if cluster || u.Query().Has("addr") {
		opt, err := redis.ParseClusterURL(rawURL)
		if err != nil {
			return nil, fmt.Errorf("-redis: %w", err)
		}
		opt.ContextTimeoutEnabled = true
		opt.OnConnect = redisscript.OnConnect
		opt.ClientName, opt.DisableIdentity = clientName(), true
		return redis.NewClusterClient(opt), nil
	}
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("-redis: %w", err)
	}
	opt.ContextTimeoutEnabled = true
	opt.OnConnect = redisscript.OnConnect
	opt.ClientName, opt.DisableIdentity = clientName(), true
	return redis.NewClient(opt), nil
}

// clientName is the program's name as a Redis client name: letters,
// digits, '.', '_' and '-' only.
func clientName() string {
	return strings.Map(func(r rune) rune {
		if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._-", r)) {
			return r
		}
		return '-'
	}, filepath.Base(os.Args[0]))
}
