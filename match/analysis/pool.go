package analysis

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/solitaire-race/racer/internal/perkey"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/replay"
)

// Config configures a Pool. Zero fields mean the defaults, except the
// required ones.
type Config struct {
	// Store keeps the analyses. Required.
	Store replay.AnalysisStore
	// Lookup returns the variant of a rule profile (games.Lookup).
	// Required. A variant that is no game.Analyzer is not analysed.
	Lookup func(profile string) (game.Variant, error)
	// Workers is how many games are analysed at once. Default 1.
	Workers int
	// Worker, if set, runs each worker goroutine: it must call work once,
	// on its own goroutine, and return when work returns (one that lowers
	// its OS thread's priority, so that analyses yield to moves). Nil
	// calls work directly.
	Worker func(work func())
	// Queue is how many games may wait; when it is full the oldest is
	// dropped (and counted). Default 64.
	Queue int
	// PerClient is how many games one client (Request's and Game's
	// Client: an address) may have queued or being analysed at once, so
	// that no client fills the queue with games it asks for and pushes
	// out everyone else's. A request past it queues nothing (counted as
	// refused) until one of the client's games ends; a request from a
	// client with none is always taken, however many racers its race
	// had. Default 8.
	PerClient int
	// ClaimTTL is how long a node's claim on a race's game lasts once it
	// begins analysing it, when Store is shared by nodes
	// (replay.AnalysisClaimer): another node asked for the game meanwhile
	// leaves it to the claim's holder. It outlasts an analysis, and is
	// what a game waits before another node takes it up when the holder
	// dies. Default 2 minutes.
	ClaimTTL time.Duration
	// Budget bounds each game's analysis; the zero value means the
	// solvers' defaults.
	Budget game.AnalysisBudget
	// Registerer receives racer_analysis_games_total{outcome} and
	// racer_analysis_duration_seconds. Nil: no metrics.
	Registerer prometheus.Registerer
	// Logger receives one line per game that could not be analysed or
	// stored, and one a minute at most while the queue is full (with the
	// games dropped since the last). Default slog.Default().
	Logger *slog.Logger
}

// raceGame names a racer's game: its race and its player.
type raceGame struct{ race, player string }

// job is one racer's game, or a Game.
type job struct {
	race, profile, player string
	seed                  uint64
	moves                 []string
	// store, when set, keeps the result instead of Config.Store; ended,
	// when set, hears the job's outcome.
	store replay.AnalysisStore
	ended func(outcome string)
}

// Game is one game analysed on its own, outside a race: a practice game.
type Game struct {
	// ID names the game; its analysis is stored as Store's race ID, for
	// player "".
	ID string
	// Profile, Seed and Moves are its rule profile, deal and moves.
	Profile string
	Seed    uint64
	Moves   []string
	// Store keeps its analysis. Required.
	Store replay.AnalysisStore
	// Client is who asked for it (Config.PerClient); "" is unbounded.
	Client string
	// Ended, when set, is called once with the game's outcome: "done"
	// (stored), "failed", "dropped" (the queue was full: never analysed)
	// or "skipped" (the game has no analyser). It must not block.
	Ended func(outcome string)
}

// Pool analyses racers' games on a bounded queue. It is safe for
// concurrent use.
type Pool struct {
	cfg   Config
	jobs  chan job
	games *prometheus.CounterVec
	dur   prometheus.Histogram

	// doneMu guards pending, the jobs enqueued and not ended, and idle,
	// closed while pending is 0.
	doneMu  sync.Mutex
	pending int
	idle    chan struct{}
	// queued holds the racers' games enqueued and not ended (race and
	// player), so that asking for one again while it waits does nothing;
	// guarded by doneMu.
	queued map[raceGame]struct{}
	// clients counts the games each client asked for that are queued or
	// being analysed (Config.PerClient).
	clients perkey.Counter

	// dropMu guards the dropped games' warning: at most one every
	// dropLogEvery, with the count since the last (the metric counts
	// each).
	dropMu     sync.Mutex
	dropLogged time.Time
	drops      int
}

// dropLogEvery bounds how often a full queue is logged.
const dropLogEvery = time.Minute

// The outcomes counted by racer_analysis_games_total.
const (
	outcomeDone    = "done"      // analysed and stored
	outcomeFailed  = "failed"    // the analysis or the store failed
	outcomeDropped = "dropped"   // the queue was full: never analysed
	outcomeSkipped = "skipped"   // the game has no analyser
	outcomeRefused = "refused"   // its client had Config.PerClient games waiting
	outcomeClaimed = "elsewhere" // another node claimed it (Config.ClaimTTL)
)

// New returns a Pool for cfg.
func New(cfg Config) (*Pool, error) {
	if cfg.Store == nil || cfg.Lookup == nil {
		return nil, errors.New("analysis: Config.Store and Config.Lookup are required")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.Queue <= 0 {
		cfg.Queue = 64
	}
	if cfg.PerClient <= 0 {
		cfg.PerClient = 8
	}
	if cfg.ClaimTTL <= 0 {
		cfg.ClaimTTL = 2 * time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	p := &Pool{
		cfg:  cfg,
		jobs: make(chan job, cfg.Queue),
		games: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "racer_analysis_games_total",
			Help: "Games analysed (racers' games of finished races, practice games), by outcome of their analysis: done, failed, dropped (queue full), skipped (no analyser), refused (asked for by a client with as many games waiting as one may have) or elsewhere (another node was analysing it).",
		}, []string{"outcome"}),
		dur: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "racer_analysis_duration_seconds",
			Help:    "Time to analyse one racer's game.",
			Buckets: prometheus.ExponentialBuckets(0.01, 2, 12),
		}),
		idle:    make(chan struct{}),
		queued:  map[raceGame]struct{}{},
		clients: perkey.Counter{Max: cfg.PerClient},
	}
	close(p.idle)
	// Every outcome is exported from the start, at 0, so that a rate or
	// an alert over it has a series before the first game.
	for _, o := range []string{outcomeDone, outcomeFailed, outcomeDropped, outcomeSkipped, outcomeRefused, outcomeClaimed} {
		p.games.WithLabelValues(o)
	}
	pending := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "racer_analysis_pending",
		Help: "Games queued for analysis or being analysed: the background work left.",
	}, func() float64 { return float64(p.Pending()) })
	if cfg.Registerer != nil {
		for _, c := range []prometheus.Collector{p.games, p.dur, pending} {
			if err := cfg.Registerer.Register(c); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}

// Pending returns how many games are queued or being analysed.
func (p *Pool) Pending() int {
	p.doneMu.Lock()
	defer p.doneMu.Unlock()
	return p.pending
}

// Enqueue queues the game of every racer of rp for analysis, without
// blocking: when the queue is full the oldest game waiting is dropped.
// Call it once per race (after the node's first save of the replay).
func (p *Pool) Enqueue(rp replay.Replay) {
	for _, r := range rp.Racers {
		p.pushRace(rp, r.ID)
	}
}

// Request queues the games of players, racers of rp, whose analysis
// client asked for and did not find: not analysed yet (a node that
// analyses on request), dropped from a full queue, or failed. A game
// this pool holds (queued or being analysed) is left where it is; when
// the queue is full the oldest game waiting is dropped. It queues
// nothing and returns false when client already has games waiting and
// these would take it past Config.PerClient: the client asks again
// later. It does not block.
func (p *Pool) Request(client string, rp replay.Replay, players []string) bool {
	p.doneMu.Lock()
	var ks []raceGame
	for _, id := range players {
		k := raceGame{rp.Race, id}
		if _, ok := p.queued[k]; !ok && !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	if !p.clients.Take(client, len(ks)) {
		p.doneMu.Unlock()
		p.games.WithLabelValues(outcomeRefused).Add(float64(len(ks)))
		return false
	}
	for _, k := range ks {
		p.queued[k] = struct{}{}
	}
	p.doneMu.Unlock()
	for _, k := range ks {
		p.pushQueued(rp, k, client)
	}
	return true
}

// pushRace queues the game of racer id of rp unless it is queued already.
func (p *Pool) pushRace(rp replay.Replay, id string) {
	k := raceGame{rp.Race, id}
	p.doneMu.Lock()
	if _, ok := p.queued[k]; ok {
		p.doneMu.Unlock()
		return
	}
	p.queued[k] = struct{}{}
	p.doneMu.Unlock()
	p.pushQueued(rp, k, "")
}

// pushQueued queues k, marked queued already, for client.
func (p *Pool) pushQueued(rp replay.Replay, k raceGame, client string) {
	p.push(job{race: rp.Race, profile: rp.Profile, player: k.player, seed: rp.Seed, moves: Moves(rp.Actions[k.player]),
		ended: func(string) { p.unqueue(k); p.clients.Release(client) }})
}

// unqueue forgets k, whose job ended.
func (p *Pool) unqueue(k raceGame) {
	p.doneMu.Lock()
	delete(p.queued, k)
	p.doneMu.Unlock()
}

// EnqueueGame queues g for analysis on the same queue as races' games,
// without blocking: when the queue is full the oldest game waiting is
// dropped. It queues nothing and returns false when g.Client has
// Config.PerClient games waiting.
func (p *Pool) EnqueueGame(g Game) bool {
	p.doneMu.Lock()
	ok := p.clients.Take(g.Client, 1)
	p.doneMu.Unlock()
	if !ok {
		p.games.WithLabelValues(outcomeRefused).Inc()
		return false
	}
	ended := g.Ended
	p.push(job{race: g.ID, profile: g.Profile, seed: g.Seed, moves: g.Moves, store: g.Store, ended: func(outcome string) {
		p.clients.Release(g.Client)
		if ended != nil {
			ended(outcome)
		}
	}})
	return true
}

// push queues j, dropping the oldest job waiting while the queue is full.
func (p *Pool) push(j job) {
	p.begin()
	for {
		select {
		case p.jobs <- j:
			return
		default:
			select {
			case old := <-p.jobs:
				p.games.WithLabelValues(outcomeDropped).Inc()
				p.logDrop(old)
				old.end(outcomeDropped)
				p.end()
			default:
			}
		}
	}
}

// logDrop logs that j was dropped, or counts it for the next warning
// when one was logged less than dropLogEvery ago.
func (p *Pool) logDrop(j job) {
	p.dropMu.Lock()
	p.drops++
	now := time.Now()
	if !p.dropLogged.IsZero() && now.Sub(p.dropLogged) < dropLogEvery {
		p.dropMu.Unlock()
		return
	}
	n := p.drops
	p.drops, p.dropLogged = 0, now
	p.dropMu.Unlock()
	p.cfg.Logger.Warn("analysis: queue full, dropping the oldest games waiting", "dropped", n, "race", j.race, "player", j.player, "next_warning_after", dropLogEvery)
}

// end tells j's caller its outcome, if it asked.
func (j job) end(outcome string) {
	if j.ended != nil {
		j.ended(outcome)
	}
}

// Moves returns the moves of a racer's log: every action but "resign"
// and "finish".
func Moves(log []replay.Action) []string {
	moves := make([]string, 0, len(log))
	for _, a := range log {
		if a.Action != "resign" && a.Action != "finish" {
			moves = append(moves, a.Action)
		}
	}
	return moves
}

// Run analyses queued games on Config.Workers goroutines until ctx is
// done, and returns ctx's error.
func (p *Pool) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	work := func() {
		for {
			select {
			case <-ctx.Done():
				return
			case j := <-p.jobs:
				p.analyse(ctx, j)
				p.end()
			}
		}
	}
	for range p.cfg.Workers {
		wg.Go(func() {
			if p.cfg.Worker != nil {
				p.cfg.Worker(work)
				return
			}
			work()
		})
	}
	wg.Wait()
	return ctx.Err()
}

// analyse analyses one game and stores the result. A race's game is
// claimed first when the store is shared (replay.AnalysisClaimer), and
// left to the claim's holder; a failure lets the claim go.
func (p *Pool) analyse(ctx context.Context, j job) {
	v, err := p.cfg.Lookup(j.profile)
	if err != nil {
		p.fail(j, err)
		return
	}
	an, ok := v.(game.Analyzer)
	if !ok {
		p.games.WithLabelValues(outcomeSkipped).Inc()
		j.end(outcomeSkipped)
		return
	}
	claims, _ := p.cfg.Store.(replay.AnalysisClaimer)
	if j.store != nil {
		claims = nil // a practice game: this node's alone
	}
	if claims != nil {
		got, err := claims.ClaimAnalysis(ctx, j.race, j.player, p.cfg.ClaimTTL)
		if err == nil && !got {
			p.games.WithLabelValues(outcomeClaimed).Inc()
			j.end(outcomeClaimed)
			return
		}
		if err != nil {
			// The claims are unreachable: analyse anyway (another node
			// doing the same writes the same analysis), with no claim to
			// let go.
			claims = nil
		}
	}
	if err := p.analyseClaimed(ctx, an, j); err != nil {
		if claims != nil {
			rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			_ = claims.ReleaseAnalysis(rctx, j.race, j.player)
			cancel()
		}
		p.fail(j, err)
		return
	}
	p.games.WithLabelValues(outcomeDone).Inc()
	j.end(outcomeDone)
}

// analyseClaimed analyses j's game with an and stores the result.
func (p *Pool) analyseClaimed(ctx context.Context, an game.Analyzer, j job) error {
	start := time.Now()
	a, err := an.Analyze(ctx, j.seed, j.moves, p.cfg.Budget)
	if err != nil {
		return err
	}
	p.dur.Observe(time.Since(start).Seconds())
	store := p.cfg.Store
	if j.store != nil {
		store = j.store
	}
	return store.SaveAnalysis(ctx, j.race, j.player, FromGame(a))
}

func (p *Pool) fail(j job, err error) {
	p.games.WithLabelValues(outcomeFailed).Inc()
	j.end(outcomeFailed)
	p.cfg.Logger.Warn("analysis: cannot analyse a game", "race", j.race, "player", j.player, "err", err)
}

// FromGame returns the stored form of a game's analysis.
func FromGame(a game.Analysis) replay.GameAnalysis {
	g := replay.GameAnalysis{Verdicts: make([]string, len(a.Verdicts))}
	for i, v := range a.Verdicts {
		g.Verdicts[i] = v.String()
	}
	if a.FirstLost >= 0 {
		k := a.FirstLost
		g.FirstLost, g.Line = &k, a.Line
	}
	return g
}

// begin counts a job enqueued.
func (p *Pool) begin() {
	p.doneMu.Lock()
	defer p.doneMu.Unlock()
	if p.pending == 0 {
		p.idle = make(chan struct{})
	}
	p.pending++
}

// end counts a job ended (analysed, failed or dropped).
func (p *Pool) end() {
	p.doneMu.Lock()
	defer p.doneMu.Unlock()
	p.pending--
	if p.pending == 0 {
		close(p.idle)
	}
}

// Idle returns a channel closed once every game enqueued so far has been
// analysed, has failed or was dropped.
func (p *Pool) Idle() <-chan struct{} {
	p.doneMu.Lock()
	defer p.doneMu.Unlock()
	return p.idle
}
