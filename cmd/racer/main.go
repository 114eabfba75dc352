// Command racer is the solitaire race server: WebSockets for racers and
// spectators (hub), the browser client (web) at /, and /metrics.
//
//	go run ./cmd/racer                 # in-memory store, listens on :8080
//	go run ./cmd/racer -addr :9000 -spectator-delay 5s
//	go run ./cmd/racer -redis redis://localhost:6379/0   # several nodes share one Redis
//
// Deals come from a pool of seeds the solver proved winnable, filled in
// the background (-pool-size): klondike/solver's for Klondike profiles,
// spider/solver's for Spider's. While a pool is empty a race takes a
// random seed and says "deal not solver-checked". The daily challenge is
// checked by the same solvers. Bots race Klondike and Spider queues.
//
// Every flag can also be set by an environment variable: RACER_ and the
// flag's name in upper case with - as _ (RACER_ADDR, RACER_SECRET, …);
// a flag on the command line wins. Run "racer -h" for the list.
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

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/internal/cmdutil"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/analysis"
	"github.com/solitaire-race/racer/match/arena"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/results"
	"github.com/solitaire-race/racer/match/solverproc"
	"github.com/solitaire-race/racer/web"
	"github.com/solitaire-race/racer/web/api"
)

func main() {
	serveSolverProcess()
	cmdutil.Main("racer", run)
}

// options are the server's settings, from flags and the environment.
type options struct {
	addr            string
	secret          string
	origins         string
	countdown       time.Duration
	timeLimit       time.Duration
	spectatorDelay  time.Duration
	progressEvery   time.Duration
	readLimit       int64
	sendQueue       int
	sendBuffer      int
	rate            float64
	burst           int
	seed            uint64
	logFormat       string
	logLevel        string
	shutdownTimeout time.Duration
	metricsAddr     string
	pprofAddr       string
	redis           string
	archive         string
	rated           string
	publicURL       string
	secureCookies   bool
	trustedProxies  string
	archivedTTL     time.Duration
	archiver        bool
	redisCluster    bool
	hotTTL          time.Duration
	maxFinished     int
	readyInterval   time.Duration
	readyTimeout    time.Duration
	queueTTL        time.Duration
	moveTimeout     time.Duration
	appendWait      time.Duration
	nodeTTL         time.Duration
	dailyWarm       bool
	poolSize        int
	poolWorkers     int
	poolWait        time.Duration
	poolFile        string
	poolNice        int
	solverProcess   bool
	solverYield     time.Duration
	solverRate      float64
	analysisWorkers int
	analyseEvery    bool
	dealer          string
	dailyWait       time.Duration
	botAfter        time.Duration
	botLevel        string
	botThink        time.Duration
	arenas          string
	arenaTick       time.Duration
	arenaBotAfter   time.Duration
	arenaShort      bool
	arenaMaxHosted  int
	maxConnsPerAddr int
	schedule        arena.Schedule
}

// env reads each flag from RACER_ and the flag's name in upper case with
// - as _; -redis falls back on REDIS_URL.
var env = cmdutil.Env{Prefix: "RACER_", Fallback: map[string]string{"redis": "REDIS_URL"}}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("racer", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.addr, "addr", ":8080", "listen address")
	fs.StringVar(&o.secret, "secret", "", "HMAC key of session tokens; every node needs the same (default: random, tokens die with the process)")
	fs.StringVar(&o.origins, "origins", "", "comma-separated host patterns allowed as WebSocket Origin besides the server's own host")
	fs.DurationVar(&o.countdown, "countdown", 3*time.Second, "countdown before a race starts")
	fs.DurationVar(&o.timeLimit, "time-limit", 15*time.Minute, "time limit of quick races and default of rooms")
	fs.DurationVar(&o.spectatorDelay, "spectator-delay", 20*time.Second, "how late spectators see boards (rooms may set their own)")
	fs.DurationVar(&o.progressEvery, "progress-every", 50*time.Millisecond, "shortest time between two progress frames of one racer to opponents and spectators; status changes go at once; in a race nobody watches, a change of the action count alone waits for the race's next frame (negative: every move, at once)")
	fs.Int64Var(&o.readLimit, "read-limit", 4096, "largest WebSocket frame accepted, bytes (larger closes with 1009)")
	fs.IntVar(&o.sendQueue, "send-queue", 256, "frames queued per connection before a slow client is dropped")
	fs.IntVar(&o.sendBuffer, "send-buffer", 1<<20, "bytes a client that does not read may make the node hold: its queued frames plus the socket's kernel send buffer (twice the 64 KiB asked of the kernel, at most an eighth of this); past it the client is dropped (1008, or a TCP reset when the socket takes nothing) within the write timeout")
	fs.Float64Var(&o.rate, "rate", 20, "messages per second a client may send")
	fs.IntVar(&o.burst, "burst", 40, "message burst a client may send")
	fs.Uint64Var(&o.seed, "seed", 0, "deal every race from this seed (testing and demos; 0: random seeds)")
	fs.IntVar(&o.poolSize, "pool-size", 32, "seeds proven winnable by the solver kept ready per profile, Klondike's and Spider's, found in the background (0: off, every deal is \"not solver-checked\")")
	fs.IntVar(&o.poolWorkers, "pool-workers", 1, "goroutines that solve candidate deals for each game's pool (Klondike, Spider)")
	fs.StringVar(&o.dealer, "dealer", "local", "where proven seeds come from: local (this node's solver pool, -pool-size, at low priority) or redis (the pool a cmd/dealer process keeps in -redis; the node runs no solver for races)")
	fs.StringVar(&o.poolFile, "pool-file", defaultPoolFile(), "with -dealer local: file that keeps the pool's proven seeds across a restart, read and removed at start, written at shutdown (secret: mode 0600; empty: none)")
	fs.IntVar(&o.analysisWorkers, "analysis-workers", 1, "games analysed at once (finished races', ended practice games), in the background at the priority of -pool-nice (the replay and practice pages' analysis); 0 turns analysis off")
	fs.BoolVar(&o.analyseEvery, "analyse-every-race", false, "analyse every racer's game at the end of each race; by default a race's games are analysed when someone first opens its analysis (the replay page)")
	fs.IntVar(&o.poolNice, "pool-nice", 19, "on Linux: nice value of the solver process (-solver-process: its threads and its session's scheduling group; at 19 its threads are also SCHED_IDLE) or of the node's solver threads, 1 (high) to 19 (lowest priority: moves first); 0 runs them as the moves")
	fs.BoolVar(&o.solverProcess, "solver-process", true, "run the solver pool's searches (-dealer local) and the analyses in a process of their own, this binary started again at -pool-nice; false: on threads of this process at -pool-nice, which every garbage collection of the node waits for")
	fs.DurationVar(&o.solverYield, "solver-yield", 2*time.Millisecond, "with -solver-process: hold the solver process's next search back while more than 1% of the node's goroutines waited longer than this to run in the last quarter second, and for a second after (0: never)")
	fs.Float64Var(&o.solverRate, "solver-yield-rate", 600, "with -solver-yield: also hold the solver process's next search back while more than this many goroutine wake-ups a second are counted (the node serves traffic: the runtime counts one wake-up in eight, a move wakes about five, so 600 is about 1,000 moves a second), and for a second after (0: no limit)")
	fs.DurationVar(&o.poolWait, "pool-wait", 0, "how long a new race may wait for a proven seed when the pool is empty before it takes a random one (not solver-checked)")
	fs.DurationVar(&o.botAfter, "bot-after", 8*time.Second, "how long a player waits alone in a quick-race queue before a bot races them (0: never); bots are labelled and never rated")
	fs.StringVar(&o.botLevel, "bot-level", "strong", "strength of a bot when the player names none: relaxed, steady, strong, greedy or random (expert: strong)")
	fs.DurationVar(&o.botThink, "bot-think", 0, "a bot's pause before each move (default: the bot package's, a pace a person can race)")
	fs.StringVar(&o.arenas, "arenas", arena.DefaultScheduleText, "the regular arenas: entries profile/every/duration[/size][/unrated][/@offset] separated by commas (\"off\": none; players may still create arenas)")
	fs.DurationVar(&o.arenaTick, "arena-tick", time.Second, "how often each running arena pairs its free players and announces its standings")
	fs.DurationVar(&o.arenaBotAfter, "arena-bot-after", 15*time.Second, "how long a player waits alone in an unrated arena before a bot joins it (0: never); rated arenas never seat bots")
	fs.IntVar(&o.maxConnsPerAddr, "max-conns-per-address", 256, "the most WebSocket connections one client address (an IPv6 address's /64; read from X-Forwarded-For only behind -trusted-proxy) may hold at once; past it a new one is answered 429 (loopback is not counted)")
	fs.IntVar(&o.arenaMaxHosted, "arena-max-hosted", 100, "the most arenas created by players that may be upcoming or running at once (each player hosts at most 3)")
	fs.BoolVar(&o.arenaShort, "arena-short", false, "testing only: accept arenas shorter than 10 minutes in -arenas")
	fs.StringVar(&o.logFormat, "log-format", "auto", "log format: text, json, or auto (text on a terminal, else json)")
	fs.StringVar(&o.logLevel, "log-level", "info", "log level: debug, info, warn or error")
	fs.DurationVar(&o.shutdownTimeout, "shutdown-timeout", 10*time.Second, "drain deadline: how long shutdown waits for connections to close")
	fs.StringVar(&o.metricsAddr, "metrics-addr", "", "listen address of /metrics (default: served on -addr)")
	fs.StringVar(&o.redis, "redis", "", "Redis URL (redis://[user:pass@]host:port/db, rediss:// for TLS) of the store, broker, lobby, leaderboards and replays shared by every node (default: REDIS_URL if set, else all in memory, one node)")
	fs.StringVar(&o.archive, "archive", "", "where finished races are kept for good: a postgres:// URL (every node of a cluster names the same) or the path of an SQLite file; \"off\": in memory (or Redis) only (default: without -redis the SQLite file $XDG_DATA_HOME/racer/archive.db, else ~/.local/share/racer/archive.db; with -redis none, replays stay in Redis)")
	fs.StringVar(&o.rated, "rated", ratedAccounts, "which races are rated, and whose wins the daily boards list: \"accounts\", those whose racers all are signed in with an account (accounts need an archive: without one no race is rated); \"all\", every race between people, guests too")
	fs.StringVar(&o.publicURL, "public-url", "", "the server's public origins, comma-separated (https://race.example): passkeys belong to the first one's host, and account requests must come from one of them (default: the origin each request was made to)")
	fs.StringVar(&o.trustedProxies, "trusted-proxy", "", "the proxies in front of the server, comma-separated addresses or prefixes (10.0.0.0/8): from them, and only from them, the client's address is read from X-Forwarded-For, for the sign-in limits and the evidence that links accounts (default none: the header is never trusted)")
	fs.BoolVar(&o.secureCookies, "secure-cookies", false, "mark the account cookies Secure even over plain HTTP (a proxy in front ends TLS); over TLS they always are")
	fs.BoolVar(&o.archiver, "archiver", true, "with an archive: run this node's archiver, which moves finished races from the outbox to the archive; false: only queue them, for other nodes (or this node's next start) to archive")
	fs.DurationVar(&o.archivedTTL, "archived-ttl", 5*time.Minute, "with -redis and -archive: how long a finished race's logs, result and games' analyses stay in Redis once archived (never longer than -hot-ttl)")
	fs.BoolVar(&o.redisCluster, "redis-cluster", false, "-redis names a Redis Cluster seed node (also implied by addr= query parameters)")
	fs.BoolVar(&o.dailyWarm, "daily-warm", true, "with -pool-size > 0: search each day's daily challenges in the background, at start and within a minute of each UTC midnight, so that no player waits for the search")
	fs.DurationVar(&o.dailyWait, "daily-wait", 0, "how long a daily challenge no node has claimed yet waits for a dealer's claim (cmd/dealer with -secret searches them) before this node searches it; 0: search at once")
	fs.DurationVar(&o.hotTTL, "hot-ttl", time.Hour, "how long a finished race's logs stay in the store after its end, in Redis or in memory (results, replays and leaderboards are kept apart and outlive them; in memory, negative: no time bound)")
	fs.IntVar(&o.maxFinished, "max-finished", match.DefaultMemoryMaxFinished, "without -redis: the most finished races held in memory; past it, those that finished first are dropped first, live races never (negative: no count bound)")
	fs.DurationVar(&o.queueTTL, "queue-ttl", 30*time.Second, "how long a quick-race queue entry lives unless its node renews it (every third of this): a player whose node died leaves the queue within it")
	fs.DurationVar(&o.appendWait, "append-wait", time.Millisecond, "with -redis: while moves keep coming, their appends go to Redis at most once this often, each batch in one script run (adds at most this to an ack; Redis and the node wake, and Redis enters Lua, once a batch, not once a move); an append after a quiet spell goes at once; 0: none")
	fs.DurationVar(&o.moveTimeout, "move-timeout", 500*time.Millisecond, "bound on the store calls a move waits on: past it the move is answered \"unavailable\" and the client resends it (keep it well above the store's latency under load)")
	fs.DurationVar(&o.nodeTTL, "node-ttl", 3*time.Second, "with -redis: how long a node counts as alive after its last heartbeat (it beats every quarter of this); a node that dies unannounced has its racers shown disconnected within about this plus a quarter")
	fs.DurationVar(&o.readyInterval, "ready-interval", readyInterval, "time between two background readiness checks (the store's ping); /readyz answers from the latest at once")
	fs.DurationVar(&o.readyTimeout, "ready-timeout", readyTimeout, "bound of each readiness check: a stalled store turns /readyz red within -ready-interval plus this")
	fs.StringVar(&o.pprofAddr, "pprof-addr", "", "listen address of /debug/pprof/ (default: off; keep it private)")
	fs.Usage = env.Usage(fs, stderr, "usage: racer [flags]",
		"Serves solitaire races. Each flag may be set by the environment variable in brackets.")
	if err := env.Parse(fs, args); err != nil {
		return o, err
	}
	if o.dealer != "local" && o.dealer != "redis" {
		return o, fmt.Errorf("-dealer %q: want local or redis", o.dealer)
	}
	if o.poolNice < 0 || o.poolNice > 19 {
		return o, fmt.Errorf("-pool-nice %d: want 0 to 19", o.poolNice)
	}
	if o.analysisWorkers < 0 || o.analysisWorkers > 16 {
		return o, fmt.Errorf("-analysis-workers %d: want 0 to 16", o.analysisWorkers)
	}
	minArena := arena.MinDuration
	if o.arenaShort {
		minArena = time.Second
	}
	var err error
	if o.schedule, err = arena.ParseSchedule(o.arenas, minArena, validProfile); err != nil {
		return o, fmt.Errorf("-arenas: %w", err)
	}
	return o, nil
}

// newLogger is the logger of -log-format and -log-level, writing to w.
func newLogger(o options, w io.Writer) (*slog.Logger, error) {
	return cmdutil.NewLogger(w, o.logFormat, o.logLevel)
}

// run serves until ctx ends, then drains: /readyz turns red, the
// listener closes (a load balancer retries elsewhere), WebSockets close
// with 1012 (service restart: clients reconnect to another node), and run
// returns once they are gone or -shutdown-timeout passes.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "admin" {
		return runAdmin(ctx, args[1:], stdout, stderr) // admin.go
	}
	o, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	log, err := newLogger(o, stderr)
	if err != nil {
		return err
	}
	health := &health{interval: o.readyInterval, timeout: o.readyTimeout}
	reg := newRegistry(health)

	be, err := newBackends(o, reg, health)
	if err != nil {
		return err
	}
	defer be.close()
	if err := be.openArchive(ctx, o, reg, log); err != nil {
		return err
	}
	proxies, err := parseProxies(o.trustedProxies)
	if err != nil {
		return err
	}
	client := clientKey(proxies)
	var guestPlayer func(string) (string, error)
	accounts, accountsWeb, err := openAccounts(ctx, o, be, proxies, &guestPlayer, log)
	if err != nil {
		return err
	}
	marks, err := openMarks(be, accounts) // fairplay.go
	if err != nil {
		return err
	}
	signals, moderation, err := openFairPlay(o, be, accounts, marks, reg, log)
	if err != nil {
		return err
	}
	store := be.store
	cfg := hub.Config{
		Games: games.All,
		Store: store, Broker: be.broker, Presence: be.presence, Lobby: be.lobby,
		Secret: []byte(o.secret), Countdown: o.countdown, TimeLimit: o.timeLimit, SpectatorDelay: o.spectatorDelay,
		ProgressEvery: o.progressEvery,
		ReadLimit:     o.readLimit, SendQueue: o.sendQueue, SendBuffer: o.sendBuffer, RateLimit: o.rate, RateBurst: o.burst,
		Logger: log, Registerer: reg, QueueTTL: o.queueTTL, MoveTimeout: o.moveTimeout,
		NodeTTL: o.nodeTTL,
		Arenas:  be.arenas, ArenaSchedule: o.schedule, ArenaTick: o.arenaTick, ArenaBotAfter: o.arenaBotAfter,
		ArenaMaxHosted: o.arenaMaxHosted,
		Client:         client, MaxConnsPerClient: o.maxConnsPerAddr,
	}
	if be.archive != nil {
		cfg.ArenaArchive = be.archive // finished arenas' standings, for the players' pages
	}
	if accounts != nil {
		cfg.Accounts = hubAccounts{accounts, marks}
	}
	cfg.RateGuests = o.rated == ratedAll
	if o.origins != "" {
		cfg.OriginPatterns = strings.Split(o.origins, ",")
	}
	// The solver pools' searches and the analyses run in the solver
	// process, which is started with the hub.
	var sp *solverproc.Client
	var gov *solverproc.Governor
	if o.solverProcess && ((o.seed == 0 && o.dealer == "local" && o.poolSize > 0) || (o.analysisWorkers > 0 && be.analyses != nil)) {
		if sp, gov, err = newSolverProcess(o, log); err != nil {
			return err
		}
	}
	var pools *localPools
	// Practice deals proven seeds too, while more than half a pool is
	// ready for races.
	var practice *practiceDealer
	switch {
	case o.seed != 0:
		cfg.Dealer = match.FixedDealer{Seed: o.seed}
	case o.dealer == "redis":
		rd, err := newRedisDealer(be, reg, log)
		if err != nil {
			return err
		}
		cfg.Dealer = rd
		p := redisPractice(rd.Pool, o.poolSize/2)
		practice = &p
	case o.poolSize > 0:
		if pools, err = newPools(o, sp, reg, log); err != nil {
			return err
		}
		cfg.Dealer = &poolDealer{pools: pools.pools, wait: o.poolWait, fallback: match.RandomDealer{}}
		p := localPractice(pools, o.poolSize/2)
		practice = &p
	}
	if o.secret == "" {
		log.Warn("no -secret set: session tokens are valid on this process only")
		log.Warn("no -secret: the daily challenge is this process's own")
	}
	// Each finished race's games are analysed in the background, at low
	// priority, and stored beside its replay (both replay stores keep
	// analyses).
	rc := results.Config{Games: games.All, Boards: be.boards, Replays: be.replays, Secret: []byte(o.secret), Clock: store.Now, Logger: log,
		DailyAwaitClaim: o.dailyWait, RateGuests: cfg.RateGuests}
	if marks != nil {
		rc.Marked = marks.Marked // a race that ends with a marked racer is not rated
	}
	var analyzer *analysis.Pool
	analyses := be.analyses
	if o.analysisWorkers > 0 && analyses != nil {
		if analyzer, err = newAnalyzer(o, sp, analyses, reg, log); err != nil {
			return err
		}
		if o.analyseEvery {
			rc.Analyze = analyzer.Enqueue
		}
	} else {
		analyses = nil // the API answers analysis_unavailable
	}
	res, err := results.New(rc)
	if err != nil {
		return err
	}
	cfg.OnFinish, cfg.Daily = res.OnFinish, res.Daily()
	launcher, err := newLauncher(o, &cfg, log)
	if err != nil {
		return err
	}
	h, err := hub.New(cfg)
	if err != nil {
		return err
	}
	guestPlayer = h.GuestPlayer

	// Leaderboards (empty until races are recorded) and replays, from the
	// race store, for the browser client.
	acfg := api.Config{Games: games.All, Boards: be.boards, Replays: be.replays, Analyses: analyses, Races: store, Daily: res.Daily(), Clock: store.Now, Logger: log,
		Arenas: be.arenas}
	if be.archive != nil {
		acfg.History = be.archive
	}
	if analyzer != nil {
		// The games of a race are analysed when someone asks for them;
		// with -analyse-every-race, a game still missing a minute after
		// its race (dropped from a full queue, or failed).
		acfg.Reanalyze, acfg.Client = analyzer.Request, client
		if o.analyseEvery {
			acfg.ReanalyzeAfter = time.Minute
		}
	}
	apiHandler, err := api.New(acfg)
	if err != nil {
		return err
	}
	webCfg := web.Config{Games: games.All, Hub: h.Handler(), API: apiHandler, Logger: log, Accounts: accountsWeb, NoBots: o.botAfter == 0,
		Client: client}
	if moderation != nil {
		webCfg.Moderation = moderation
	}
	if analyzer != nil {
		webCfg.AnalyzePractice = analyzer.EnqueueGame // practice games, on the same workers
	}
	if practice != nil {
		webCfg.DealPractice = practice.Deal
	}
	site, err := web.New(webCfg)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/", site) // the browser client; the hub at /ws and /api/
	mux.HandleFunc("GET /healthz", health.serveHealthz)
	mux.HandleFunc("GET /readyz", health.serveReadyz)
	var metricsSrv, pprofSrv *auxServer
	if o.metricsAddr == "" {
		mux.Handle("GET /metrics", metricsHandler(reg, log))
	} else {
		m := http.NewServeMux()
		m.Handle("GET /metrics", metricsHandler(reg, log))
		if metricsSrv, err = startAux("metrics", o.metricsAddr, m, log); err != nil {
			return err
		}
	}
	if o.pprofAddr != "" {
		if pprofSrv, err = startAux("pprof", o.pprofAddr, pprofHandler(), log); err != nil {
			return err
		}
	}

	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	if launcher != nil {
		launcher.URL = botURL(ln.Addr()) // before any connection
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "racer listening on %s\n", serverURL(ln.Addr()))
	log.Info("serving", "url", serverURL(ln.Addr()), "addr", ln.Addr().String(), "store", be.kind(), "archive", be.archiveKind())

	hubCtx, hubStop := context.WithCancel(context.Background())
	defer hubStop()
	go func() { _ = health.Run(hubCtx) }()
	go func() { _ = h.Run(hubCtx) }()
	solverDone := make(chan struct{})
	if gov != nil {
		go func() { _ = gov.Run(hubCtx) }()
	}
	if sp != nil {
		go func() { _ = sp.Run(hubCtx); close(solverDone) }()
	} else {
		close(solverDone)
	}
	analyzerDone := make(chan struct{})
	if analyzer != nil {
		go func() { _ = analyzer.Run(hubCtx); close(analyzerDone) }()
	} else {
		close(analyzerDone)
	}
	if pools != nil {
		pools.start(hubCtx)
	}
	if signals != nil {
		go func() { _ = signals.Run(hubCtx) }() // fair-play signals of archived races
	}
	archiverDone := make(chan struct{})
	if be.archiver != nil && o.archiver {
		go func() { _ = be.archiver.Run(hubCtx); close(archiverDone) }()
	} else {
		close(archiverDone)
	}
	if o.poolSize > 0 && o.dailyWarm {
		// Today's daily challenges are searched before the first player
		// asks, and each new day's within a minute of its start.
		var idle func(context.Context) error
		if gov != nil {
			idle = gov.Wait
		}
		go warmDaily(hubCtx, res.Daily(), games.Profiles(), idle, log)
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	log.Info("draining", "deadline", o.shutdownTimeout.String())
	health.drain()
	sctx, cancel := context.WithTimeout(context.Background(), o.shutdownTimeout)
	defer cancel()
	// Close the listener first, so that clients told to reconnect are
	// refused here and retried on another node; hijacked WebSockets are
	// not the http.Server's to wait for, hence the hub's own Shutdown.
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Shutdown(sctx) }()
	herr := h.Shutdown(sctx)
	hubStop()
	if pools != nil {
		pools.stop() // saves the proven seeds for the next start
	}
	if launcher != nil {
		launcher.Wait() // the bots' connections closed with the hub's
	}
	serr := <-srvDone
	// The races that finished last are archived before the process ends
	// (an in-memory queue dies with it), with the analyses stored so far:
	// the analyzer first ends the games it is storing.
	<-analyzerDone
	<-solverDone
	<-archiverDone
	if be.archiver != nil && o.archiver {
		if err := be.archiver.Shutdown(sctx); err != nil {
			log.Warn("archiving the last races", "err", err)
		}
	}
	merr := errors.Join(metricsSrv.shutdown(sctx), pprofSrv.shutdown(sctx))
	log.Info("drained", "err", errors.Join(herr, serr, merr))
	return errors.Join(herr, serr, merr)
}

// serverURL is the address to print: localhost for a wildcard address.
func serverURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// validProfile reports a rule profile of the registry.
func validProfile(p string) bool {
	_, err := games.All.GameOf(p)
	return err == nil
}
