package hub

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/solitaire-race/racer/hub/arenarun"
	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/match"
)

// ArenaArchive keeps finished arenas' final standings (archive.Archive
// is one). SaveArena writes an arena once, however often it is called.
type ArenaArchive = arenarun.Archive

// arenaSeats is the hub's side of the arena runner (hub/arenarun): it
// seats the races the runner pairs (arenarun.Seater) and hands it the
// results of arena races this node finishes. run is nil when the hub
// runs no arenas.
type arenaSeats struct {
	h   *Hub
	run *arenarun.Runner
}

var _ arenarun.Seater = (*arenaSeats)(nil)

// newArenaSeats builds the arena runner of h, if h runs arenas.
func newArenaSeats(h *Hub) (*arenaSeats, error) {
	s := &arenaSeats{h: h}
	cfg := h.cfg
	if cfg.Arenas == nil {
		return s, nil
	}
	botAfter := cfg.ArenaBotAfter
	if cfg.LaunchBot == nil {
		botAfter = 0
	}
	run, err := arenarun.New(arenarun.Config{Arenas: cfg.Arenas, Schedule: cfg.ArenaSchedule, Archive: cfg.ArenaArchive,
		Races: cfg.Store, Broker: cfg.Broker, Seater: s, Node: h.nodeID, Tick: cfg.ArenaTick,
		Countdown: cfg.Countdown, TimeLimit: cfg.TimeLimit, SpectatorDelay: cfg.SpectatorDelay,
		Pause: cfg.ArenaPause, Pair: cfg.ArenaPair, BotAfter: botAfter, BotLevel: cfg.BotLevel, Linked: h.linkedFunc(), Marked: markedFunc(cfg.Accounts), Logger: h.log,
		Running: h.met.arenasRunning, Players: h.met.arenaPlayers, Wait: h.met.arenaWait})
	s.run = run
	return s, err
}

// record scores a finished arena race (once, whoever calls).
func (s *arenaSeats) record(ctx context.Context, arenaID string, res match.Result) {
	if s.run != nil {
		s.run.Record(ctx, arenaID, res)
	}
}

// StartRace creates the race through the races' one creation path.
func (s *arenaSeats) StartRace(ctx context.Context, r *match.Race) error {
	if err := s.h.startRace(ctx, r, "arena"); err != nil && !errors.Is(err, errUnannounced) {
		return err
	}
	return nil
}

// Announce publishes the race to its players again.
func (s *arenaSeats) Announce(ctx context.Context, race string, players []string) {
	b, _ := json.Marshal(event{Kind: evRace, Race: race})
	for _, p := range players {
		_ = s.h.cfg.Broker.Publish(ctx, playerChannel(p), b)
	}
}

// FinishStale finishes an abandoned race as the overdue sweep does.
func (s *arenaSeats) FinishStale(ctx context.Context, snap match.Snapshot) *match.Result {
	res, _, _ := s.h.overdue.finishStale(ctx, snap)
	return res
}

// NewBot returns a fresh bot player.
func (s *arenaSeats) NewBot(now time.Time) session.Identity { return newBotIdentity(now) }

// LaunchBot launches bot with a session token of its own.
func (s *arenaSeats) LaunchBot(bot session.Identity, profile string) {
	if s.h.cfg.LaunchBot != nil {
		s.h.cfg.LaunchBot(s.h.ctx, s.h.signer.Sign(bot), profile, "")
	}
}
