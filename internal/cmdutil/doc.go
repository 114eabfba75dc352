// Package cmdutil holds what the server commands (cmd/racer, cmd/dealer,
// cmd/archive-import) share: the main function around run, flags read
// from environment variables with a prefix and the usage text that lists
// them, the slog logger of -log-format and -log-level, and the Redis
// client of -redis and -redis-cluster.
//
// A command's main and flags:
//
//	func main() { cmdutil.Main("dealer", run) }
//
//	func parseFlags(args []string, stderr io.Writer) (options, error) {
//		var o options
//		fs := flag.NewFlagSet("dealer", flag.ContinueOnError)
//		fs.SetOutput(stderr)
//		fs.StringVar(&o.redis, "redis", "", "Redis URL")
//		env := cmdutil.Env{Prefix: "DEALER_", Fallback: map[string]string{"redis": "REDIS_URL"}}
//		fs.Usage = env.Usage(fs, stderr, "usage: dealer [flags]")
//		// DEALER_REDIS, else REDIS_URL; a flag on the command line wins.
//		return o, env.Parse(fs, args)
//	}
//
// and in run:
//
//	log, err := cmdutil.NewLogger(stderr, o.logFormat, o.logLevel)
//	rdb, err := cmdutil.NewRedisClient(o.redis, o.redisCluster)
package cmdutil
