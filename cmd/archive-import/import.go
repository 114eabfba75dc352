package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/replay"
)

// counts are what importReplays did.
type counts struct {
	found, written, before, bad, deleted int
}

// importReplays saves every replay under prefix in rdb to a, deleting
// each from Redis afterwards when del is set. A key that does not hold a
// replay is counted bad and left alone.
func importReplays(ctx context.Context, rdb redis.UniversalClient, a archive.Archive, prefix string, del bool) (counts, error) {
	var n counts
	iter := rdb.Scan(ctx, 0, prefix+"*", 500).Iterator()
	for iter.Next(ctx) {
		key := iter.Val()
		b, err := rdb.Get(ctx, key).Bytes()
		if errors.Is(err, redis.Nil) {
			continue // deleted meanwhile
		}
		if err != nil {
			return n, err
		}
		n.found++
		var rp replay.Replay
		if err := json.Unmarshal(b, &rp); err != nil || rp.Race == "" {
			n.bad++
			continue
		}
		first, err := a.Save(ctx, rp)
		if err != nil {
			return n, fmt.Errorf("race %s: %w", rp.Race, err)
		}
		if first {
			n.written++
		} else {
			n.before++
		}
		if del {
			if err := rdb.Del(ctx, key).Err(); err != nil {
				return n, err
			}
			n.deleted++
		}
	}
	return n, iter.Err()
}
