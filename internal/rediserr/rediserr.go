// Package rediserr classifies go-redis errors for the Redis
// implementations of the store, broker and lobby.
package rediserr

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
)

// Unavailable reports whether err means that Redis could not do the
// command now, so that the caller may retry: network errors, timeouts, a
// closed client, an exhausted pool, and the server errors of a Redis that
// is loading, read-only, busy with a script, out of memory or without a
// master. A reply error of the command itself (a script's own error, a
// wrong type) is not.
func Unavailable(err error) bool {
	var re redis.Error
	if !errors.As(err, &re) {
		return true
	}
	return redis.IsLoadingError(err) || redis.IsReadOnlyError(err) || redis.IsClusterDownError(err) ||
		redis.IsTryAgainError(err) || redis.IsMasterDownError(err) || redis.IsOOMError(err) ||
		redis.IsNoReplicasError(err) || redis.IsMaxClientsError(err) ||
		redis.HasErrorPrefix(err, "BUSY") || redis.HasErrorPrefix(err, "MISCONF")
}

// Wrap wraps err from Redis command op for a package named pkg: with
// unavailable (the package's sentinel) when Unavailable says the caller
// may retry, else as a plain error. A cancelled context is returned as
// it is.
func Wrap(pkg, op string, err, unavailable error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	if Unavailable(err) {
		return fmt.Errorf("%w: %s: %w", unavailable, op, err)
	}
	return fmt.Errorf("%s: redis %s: %w", pkg, op, err)
}
