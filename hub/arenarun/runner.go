package arenarun

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
)

// Archive keeps finished arenas' final standings (archive.Archive is
// one). SaveArena writes an arena once, however often it is called.
type Archive interface {
	SaveArena(ctx context.Context, a arena.Arena, standings []arena.Standing) (bool, error)
}

// Seater is what the runner asks of the socket hub.
type Seater interface {
	// StartRace stores r and announces its start to its racers, through
	// the hub's one creation path. A race stored whose start could not be
	// announced is no error: the sweep announces it again.
	StartRace(ctx context.Context, r *match.Race) error
	// Announce tells players again that race is theirs (its start may
	// have died with its node); a racer seated in it ignores it.
	Announce(ctx context.Context, race string, players []string)
	// FinishStale finishes a race past its time limit that no node
	// finishes, and returns its result; nil when it is not due.
	FinishStale(ctx context.Context, snap match.Snapshot) *match.Result
	// NewBot returns a fresh labelled bot player.
	NewBot(now time.Time) session.Identity
	// LaunchBot plays bot in its arena race of the profile, in the
	// background; it does nothing when the hub launches no bots.
	LaunchBot(bot session.Identity, profile string)
}

// Config configures a Runner. Arenas, Races, Broker and Seater are
// required.
type Config struct {
	Arenas arena.Store
	// Schedule lists the regular arenas. Default: none.
	Schedule arena.Schedule
	// Archive keeps finished arenas; nil: none.
	Archive Archive
	// Races is the race store the sweep reads.
	Races  match.Store
	Broker broker.Broker
	Seater Seater
	// Node is this node's ID, the holder of its pairing leases.
	Node string
	// Tick is how often Run runs each arena. Default 1s.
	Tick time.Duration
	// Countdown, TimeLimit and SpectatorDelay set up each race.
	Countdown, TimeLimit, SpectatorDelay time.Duration
	// Pause is the pause after a race before a racer is paired again.
	Pause time.Duration
	// Pair tunes pairing; Size comes from each arena.
	Pair arena.PairConfig
	// BotAfter is how long a lone player waits in an unrated arena
	// before a bot joins it; 0 means never.
	BotAfter time.Duration
	// BotLevel is the level the arena's bots play (Seater.LaunchBot's),
	// named in their races' racers so that the page labels them with
	// it; "" names none.
	BotLevel string
	// Linked returns the players a player never races in a rated arena
	// (accounts linked to theirs); nil: none.
	Linked func(ctx context.Context, player string) ([]string, error)
	// Marked reports whether a moderator marked a player for cheating:
	// a marked player is withdrawn from a rated arena when next free
	// (their points stay), never paired there again. Nil: nobody is.
	Marked func(ctx context.Context, player string) (bool, error)
	// Logger receives structured logs. Default slog.Default().
	Logger *slog.Logger
	// Running, Players and Wait are the hub's racer_arenas_running,
	// racer_arena_players and racer_arena_pairing_wait_seconds. Default:
	// unregistered.
	Running, Players prometheus.Gauge
	Wait             prometheus.Observer
}

// Runner runs the arenas (see the package doc). It is safe for
// concurrent use; Run runs once.
type Runner struct {
	cfg Config
	log *slog.Logger
}

// New returns a Runner with cfg's defaults filled in.
func New(cfg Config) (*Runner, error) {
	if cfg.Arenas == nil || cfg.Races == nil || cfg.Broker == nil || cfg.Seater == nil {
		return nil, errors.New("arenarun: Arenas, Races, Broker and Seater are required")
	}
	if cfg.Tick <= 0 {
		cfg.Tick = time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Running == nil {
		cfg.Running = prometheus.NewGauge(prometheus.GaugeOpts{Name: "racer_arenas_running"})
	}
	if cfg.Players == nil {
		cfg.Players = prometheus.NewGauge(prometheus.GaugeOpts{Name: "racer_arena_players"})
	}
	if cfg.Wait == nil {
		cfg.Wait = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "racer_arena_pairing_wait_seconds"})
	}
	return &Runner{cfg: cfg, log: cfg.Logger}, nil
}

// memo is what one node's loop remembers between ticks, by arena: what
// it announced last and the arenas it archived.
type memo struct {
	frame    map[string]string
	ranks    map[string]string
	archived map[string]bool
}

// forget drops what the memo holds on arenas not in keep.
func (m *memo) forget(keep map[string]bool) {
	for _, mp := range []map[string]string{m.frame, m.ranks} {
		for id := range mp {
			if !keep[id] {
				delete(mp, id)
			}
		}
	}
	for id := range m.archived {
		if !keep[id] {
			delete(m.archived, id)
		}
	}
}

// Run does the arenas' background work every Config.Tick until ctx
// ends: it creates the schedule's arenas, and for each arena running
// (or whose last races still run) whose pairing lease this node holds,
// it reconciles the races, pairs the free players, starts their races,
// announces the standings when they changed and, once the last race is
// over, archives the final standings. Any node may hold a lease; when
// its holder dies, another node takes it within three ticks.
func (r *Runner) Run(ctx context.Context) error {
	t := time.NewTicker(r.cfg.Tick)
	defer t.Stop()
	m := &memo{frame: map[string]string{}, ranks: map[string]string{}, archived: map[string]bool{}}
	for tick := 0; ; tick++ {
		r.tick(ctx, tick, m)
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

// grace is how long after its end an arena's last races may run.
func (r *Runner) grace() time.Duration { return r.cfg.Countdown + r.cfg.TimeLimit + time.Minute }

// archiveWindow is how long after its grace a node keeps trying to
// archive a finished arena (the archive may be down for a while).
const archiveWindow = time.Hour

func (r *Runner) tick(ctx context.Context, tick int, m *memo) {
	ctx, cancel := context.WithTimeout(ctx, 10*r.cfg.Tick)
	defer cancel()
	st := r.cfg.Arenas
	now, err := st.Now(ctx)
	if err != nil {
		r.log.Debug("arena clock", "err", err)
		return
	}
	if tick%30 == 0 {
		for _, a := range r.cfg.Schedule.Due(now) {
			if err := st.Create(ctx, a); err != nil && !errors.Is(err, arena.ErrExists) {
				r.log.Warn("creating a scheduled arena", "arena", a.ID, "err", err)
			}
		}
	}
	since := now.Add(-r.grace())
	if r.cfg.Archive != nil {
		since = since.Add(-archiveWindow)
	}
	list, err := st.List(ctx, since, 0)
	if err != nil {
		r.log.Warn("listing arenas", "err", err)
		return
	}
	running, playing := 0, 0
	keep := make(map[string]bool, len(list))
	for _, a := range list {
		keep[a.ID] = true
		if now.Before(a.Start) {
			continue
		}
		past := now.After(a.End().Add(r.grace()))
		if past && (r.cfg.Archive == nil || m.archived[a.ID]) {
			continue
		}
		ok, err := st.Lease(ctx, a.ID, r.cfg.Node, 3*r.cfg.Tick)
		if err != nil || !ok {
			continue
		}
		if past {
			// Its last races are over or abandoned: archive what it has.
			if players, err := st.Players(ctx, a.ID); err == nil {
				r.archive(ctx, a, arena.Standings(players), m)
			}
			continue
		}
		n, err := r.step(ctx, a, now, tick, m)
		if err != nil {
			r.log.Warn("running an arena", "arena", a.ID, "err", err)
			continue
		}
		if a.Phase(now) == arena.PhaseRunning {
			running++
			playing += n
		}
	}
	m.forget(keep)
	r.cfg.Running.Set(float64(running))
	r.cfg.Players.Set(float64(playing))
}

// step runs one arena whose lease this node holds, and returns its
// players still in it.
func (r *Runner) step(ctx context.Context, a arena.Arena, now time.Time, tick int, m *memo) (int, error) {
	st := r.cfg.Arenas
	players, err := st.Players(ctx, a.ID)
	if err != nil {
		return 0, err
	}
	changed := false
	if tick%5 == 0 && r.sweep(ctx, a, players, now) {
		changed = true
	}
	// No race is paired whose countdown would outlast the arena.
	if a.Phase(now) == arena.PhaseRunning && now.Add(r.cfg.Countdown).Before(a.End()) {
		if r.pair(ctx, a, players, now) {
			changed = true
		}
	}
	if changed {
		if players, err = st.Players(ctx, a.ID); err != nil {
			return 0, err
		}
	}
	msg, standings := Frame(a, now, players)
	msg.Now = time.Time{}
	sig, _ := json.Marshal(msg)
	if string(sig) != m.frame[a.ID] {
		m.frame[a.ID] = string(sig)
		msg.Now = now
		b, _ := json.Marshal(msg)
		if err := r.cfg.Broker.Publish(ctx, Channel(a.ID), b); err != nil {
			r.log.Warn("announcing arena", "arena", a.ID, "err", err)
		}
	}
	// The lines below the top go out in one table, after the frame: each
	// node hands every connection of a player in it their own line.
	paused := map[string]bool{}
	for _, p := range players {
		if p.Paused {
			paused[p.ID] = true
		}
	}
	if ranks := AppendRanks(nil, a.ID, standings, paused); string(ranks) != m.ranks[a.ID] {
		m.ranks[a.ID] = string(ranks)
		if ranks != nil {
			if err := r.cfg.Broker.Publish(ctx, Channel(a.ID), ranks); err != nil {
				r.log.Warn("announcing arena ranks", "arena", a.ID, "err", err)
			}
		}
	}
	if a.Phase(now) == arena.PhaseFinished && len(msg.Races) == 0 {
		r.archive(ctx, a, standings, m)
	}
	n := 0
	for _, p := range players {
		if !p.Withdrawn && !p.Bot {
			n++
		}
	}
	return n, nil
}

// archive writes a finished arena's final standings to the archive
// unless this node did already; a failure is tried again next tick.
func (r *Runner) archive(ctx context.Context, a arena.Arena, standings []arena.Standing, m *memo) {
	if r.cfg.Archive == nil || m.archived[a.ID] {
		return
	}
	first, err := r.cfg.Archive.SaveArena(ctx, a, standings)
	if err != nil {
		r.log.Warn("archiving an arena", "arena", a.ID, "err", err)
		return
	}
	m.archived[a.ID] = true
	if first {
		r.log.Info("arena archived", "arena", a.ID, "players", len(standings))
	}
}

// newID returns a race ID: 18 hex digits, as the hub's.
func newID() string {
	var b [9]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
