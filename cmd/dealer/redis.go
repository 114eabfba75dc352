package main

import (
	"fmt"
	"net/url"

	"github.com/redis/go-redis/v9"
)

// newRedisClient builds a client from a redis:// or rediss:// URL, as
// cmd/racer does: a URL with addr= query parameters (more seed nodes) or
// -redis-cluster means a Redis Cluster.
func newRedisClient(rawURL string, cluster bool) (redis.UniversalClient, error) {
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
		return redis.NewClusterClient(opt), nil
	}
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("-redis: %w", err)
	}
	opt.ContextTimeoutEnabled = true
	return redis.NewClient(opt), nil
}
