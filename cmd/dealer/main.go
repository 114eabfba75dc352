// Command dealer proves deals winnable for a cluster of racer nodes: it
// runs the games' solver pools and keeps, in the Redis the nodes share, a
// bounded list of proven seeds per rule profile (match/seedpool), which
// nodes started with -dealer redis take from, each seed once. The nodes
// then run no solver: their CPU serves moves.
//
//	go run ./cmd/dealer -redis redis://localhost:6379/0
//	go run ./cmd/dealer -redis redis://redis:6379/0 -pool-size 512 -workers 2
//
// With -secret (the nodes' session secret) it also searches each day's
// daily challenges and claims them in Redis, so that the nodes search
// none of them.
//
// It serves /metrics (pool depth, seeds added and taken, solve times),
// /healthz and /readyz (Redis reachable) on -metrics-addr. Every flag can
// also be set by an environment variable: DEALER_ and the flag's name in
// upper case with - as _ (DEALER_REDIS, DEALER_POOL_SIZE, …); REDIS_URL
// is read when DEALER_REDIS is not set; a flag on the command line wins.
//
// The seeds in Redis are secrets until their races reveal them: give
// the dealer and the nodes, and nobody else, access to the keys.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/solitaire-race/racer/internal/cmdutil"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/seedpool"
)

func main() { cmdutil.Main("dealer", run) }

// options are the dealer's settings, from flags and the environment.
type options struct {
	redis        string
	redisCluster bool
	poolSize     int
	workers      int
	buffer       int
	poll         time.Duration
	profiles     string
	secret       string
	metricsAddr  string
	logFormat    string
	logLevel     string
}

// env reads each flag from DEALER_ and the flag's name in upper case with
// - as _; -redis falls back on REDIS_URL.
var env = cmdutil.Env{Prefix: "DEALER_", Fallback: map[string]string{"redis": "REDIS_URL"}}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("dealer", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.redis, "redis", "", "Redis URL (redis://[user:pass@]host:port/db, rediss:// for TLS) the racer nodes share (default: REDIS_URL); required")
	fs.BoolVar(&o.redisCluster, "redis-cluster", false, "-redis names a Redis Cluster seed node (also implied by addr= query parameters)")
	fs.IntVar(&o.poolSize, "pool-size", 256, "proven seeds kept ready in Redis per rule profile: enough for the races the cluster starts while the dealer is down")
	fs.IntVar(&o.workers, "workers", 1, "goroutines that solve candidate deals for each game (Klondike, Spider); give the dealer as many cores")
	fs.IntVar(&o.buffer, "buffer", 2, "proven seeds held in the dealer per profile while Redis's list is full, ready for the next room")
	fs.DurationVar(&o.poll, "poll", time.Second, "how often a full profile is checked for room and the metrics refreshed")
	fs.StringVar(&o.profiles, "profiles", "", "comma-separated rule profiles to keep seeds for (default: every profile races are dealt under)")
	fs.StringVar(&o.secret, "secret", "", "the nodes' -secret: with it the dealer also searches each day's daily challenges and claims them in Redis, so that nodes search none (default: none, the nodes search them)")
	fs.StringVar(&o.metricsAddr, "metrics-addr", ":9091", "listen address of /metrics, /healthz and /readyz")
	fs.StringVar(&o.logFormat, "log-format", "auto", "log format: text, json, or auto (text on a terminal, else json)")
	fs.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.Usage = env.Usage(fs, stderr, "usage: dealer [flags]",
		"Keeps proven-winnable seeds in Redis for racer nodes. Each flag may be set by the environment variable in brackets.")
	if err := env.Parse(fs, args); err != nil {
		return o, err
	}
	if o.redis == "" {
		return o, errors.New("-redis (or DEALER_REDIS, REDIS_URL) is required")
	}
	if o.poolSize <= 0 {
		return o, fmt.Errorf("-pool-size %d: want at least 1", o.poolSize)
	}
	return o, nil
}

// profileList returns the profiles of o: -profiles, else every profile
// races are dealt under.
func (o options) profileList() []string {
	if o.profiles == "" {
		return games.Profiles()
	}
	var out []string
	for _, p := range strings.Split(o.profiles, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// run fills the pool until ctx ends.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	log, err := cmdutil.NewLogger(stderr, o.logFormat, o.logLevel)
	if err != nil {
		return err
	}
	rdb, err := cmdutil.NewRedisClient(o.redis, o.redisCluster)
	if err != nil {
		return err
	}
	defer rdb.Close()
	pool, err := seedpool.NewRedisPool(seedpool.RedisConfig{Client: rdb})
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	profiles := o.profileList()
	f, err := seedpool.NewFiller(seedpool.FillerConfig{
		Pool: pool, Games: games.All, Profiles: profiles,
		Size: o.poolSize, Workers: o.workers, Buffer: o.buffer, Poll: o.poll,
		Registerer: reg, Logger: log,
	})
	if err != nil {
		return err
	}

	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelError), EnableOpenMetrics: true,
	}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok\n") })
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		pctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := rdb.Ping(pctx).Err(); err != nil {
			http.Error(w, "not ready: redis: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		_, _ = io.WriteString(w, "ready\n")
	})
	ln, err := net.Listen("tcp", o.metricsAddr)
	if err != nil {
		return fmt.Errorf("metrics listener: %w", err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	fmt.Fprintf(stdout, "dealer metrics on %s\n", ln.Addr())
	log.Info("dealing", "profiles", len(profiles), "pool_size", o.poolSize, "workers_per_game", o.workers, "metrics", ln.Addr().String())

	if o.secret != "" {
		go func() {
			if err := warmDaily(ctx, rdb, o.secret, profiles, log); err != nil {
				log.Error("daily challenges not searched", "err", err)
			}
		}()
	} else {
		log.Info("no -secret: the nodes search the daily challenges themselves")
	}
	err = f.Run(ctx)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	log.Info("stopped")
	return errors.Join(err, srv.Shutdown(sctx))
}
