package broker

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"
)

// checkVersion returns an error wrapping ErrOldRedis when a master of c
// runs a Redis before 7.0, and any other error when it cannot tell.
func checkVersion(ctx context.Context, c redis.UniversalClient) error {
	check := func(ctx context.Context, node redis.UniversalClient) error {
		info, err := node.Info(ctx, "server").Result()
		if err != nil {
			return err
		}
		v := infoField(info, "redis_version")
		major, _, _ := strings.Cut(v, ".")
		if n, err := strconv.Atoi(major); err != nil || n < 7 {
			addr := ""
			if cl, ok := node.(*redis.Client); ok {
				addr = " at " + cl.Options().Addr
			}
			return fmt.Errorf("%w: Redis %q%s", ErrOldRedis, v, addr)
		}
		return nil
	}
	if cc, ok := c.(*redis.ClusterClient); ok {
		return cc.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error { return check(ctx, node) })
	}
	return check(ctx, c)
}

// infoField returns field's value in an INFO reply, or "".
func infoField(info, field string) string {
	for line := range strings.SplitSeq(info, "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// isUnknownCommand reports Redis's answer to a command it does not have:
// SSUBSCRIBE or SPUBLISH before Redis 7.0.
func isUnknownCommand(err error) bool {
	return err != nil && redis.HasErrorPrefix(err, "ERR") && strings.Contains(err.Error(), "unknown command")
}
