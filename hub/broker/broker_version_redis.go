package broker

import (
	"context"
	"errors"
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
		addr := ""
		if cl, ok := node.(*redis.Client); ok {
			addr = cl.Options().Addr
		}
		return requireVersion(info, addr)
	}
	if cc, ok := c.(*redis.ClusterClient); ok {
		return cc.ForEachMaster(ctx, func(ctx context.Context, node *redis.Client) error { return check(ctx, node) })
	}
	return check(ctx, c)
}

// requireVersion returns an error wrapping ErrOldRedis when the INFO
// server reply info is of a Redis before 7.0 (at addr, for the message).
func requireVersion(info, addr string) error {
	v := infoField(info, "redis_version")
	major, _, _ := strings.Cut(v, ".")
	if n, err := strconv.Atoi(major); err != nil || n < 7 {
		if addr != "" {
			addr = " at " + addr
		}
		return fmt.Errorf("%w: Redis %q%s", ErrOldRedis, v, addr)
	}
	return nil
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
	var re redis.Error
	return errors.As(err, &re) && strings.Contains(re.Error(), "unknown command")
}
