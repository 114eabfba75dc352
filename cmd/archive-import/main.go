// Command archive-import moves the replays kept in Redis (package
// match/replay's RedisStore, racer:replay:{race}) into the archive. It is
// idempotent: a race archived already is counted and left as it is, so
// it may run again, or while nodes archive new races.
//
//	archive-import -redis redis://localhost:6379/0 -archive postgres://racer@db/racer
//	archive-import -redis redis://localhost:6379/0 -archive /var/lib/racer/archive.db -delete
//
// With -delete it removes each replay from Redis once the archive holds
// it. It prints one line of counts at the end.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/redis/go-redis/v9"

	"github.com/solitaire-race/racer/internal/cmdutil"
	"github.com/solitaire-race/racer/match/archive"
	"github.com/solitaire-race/racer/match/game/games"
)

func main() { cmdutil.Main("archive-import", run) }

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("archive-import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	redisURL := fs.String("redis", os.Getenv("REDIS_URL"), "Redis URL of the replays (default: REDIS_URL)")
	archiveURL := fs.String("archive", os.Getenv("RACER_ARCHIVE"), "the archive: a postgres:// URL or an SQLite file's path (default: RACER_ARCHIVE)")
	prefix := fs.String("prefix", "racer:replay:", "key prefix of the replays in Redis")
	del := fs.Bool("delete", false, "delete each replay from Redis once the archive holds it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *redisURL == "" || *archiveURL == "" {
		return errors.New("-redis and -archive are required")
	}
	opt, err := redis.ParseURL(*redisURL)
	if err != nil {
		return fmt.Errorf("-redis: %w", err)
	}
	rdb := redis.NewClient(opt)
	defer rdb.Close()
	a, err := archive.Open(ctx, *archiveURL, games.All)
	if err != nil {
		return err
	}
	defer a.Close()
	n, err := importReplays(ctx, rdb, a, *prefix, *del)
	fmt.Fprintf(stdout, "replays: %d found, %d archived now, %d archived before, %d bad, %d deleted from Redis\n",
		n.found, n.written, n.before, n.bad, n.deleted)
	return err
}
