package results

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"log/slog"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/rating"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// Config configures a Service. The zero value means the defaults: stores
// in memory, a daily challenge of this process only, checked by the
// games' solvers.
type Config struct {
	// Boards keeps the ratings, the leaderboards and the daily
	// challenges' attempts and boards. Default: a new
	// leaderboard.MemoryStore.
	Boards leaderboard.Store
	// Replays keeps the replays of finished races. Default: a new
	// replay.MemoryStore.
	Replays replay.Store
	// Secret is the secret every node of a cluster shares; the daily
	// challenges are keyed by a key derived from it (not the secret
	// itself), so all nodes deal the same. Default (empty): a random key,
	// good for this process only.
	Secret []byte
	// Clock returns the time that decides the daily challenge's day.
	// Default time.Now; pass the match.Store's Now so that all nodes
	// agree.
	Clock func(ctx context.Context) (time.Time, error)
	// Games are the games raced (cmd/racer gives match/game/games.All).
	// Required.
	Games *game.Registry
	// Checker proves a daily challenge's candidate deals winnable.
	// Default: the game's solver within a budget of positions that makes
	// every node reach the same verdict (checker.go).
	Checker daily.Checker
	// DailyAwaitClaim is daily.Config.AwaitClaim: how long a daily
	// challenge not yet claimed waits for a dealer's claim before the
	// Checker searches here. Default 0: search at once.
	DailyAwaitClaim time.Duration
	// RateGuests is daily.Config.RateGuests: guests' daily challenge
	// wins go on the daily boards beside accounts' (cmd/racer's -rated
	// all). Default false: only accounts' do. Which races are rated
	// the hub decides (hub.Config.RateGuests).
	RateGuests bool
	// IsBot reports whether a player ID is a bot's: a race with a bot in
	// it is never rated. Default leaderboard.IsBotID.
	IsBot func(player string) bool
	// Marked reports whether a moderator marked a player for breaking
	// the fair-play rules (archive.Marks): a race that ends with a marked
	// racer in it is not rated, though it started rated (the mark came
	// while it ran), and neither is one whose marks cannot be read; a
	// daily challenge's attempt of such a racer goes on no board.
	// Default: nobody is marked.
	Marked func(ctx context.Context, player string) (bool, error)
	// Logger receives one line per race whose results could not all be
	// written. Default slog.Default().
	Logger *slog.Logger
	// Analyze, if set, is called with each replay that this node saved
	// first, to analyse the racers' games in the background
	// (analysis.Pool.Enqueue). It must not block.
	Analyze func(rp replay.Replay)
}

// Service writes what a finished race leaves behind and deals the daily
// challenges. It is safe for concurrent use.
type Service struct {
	replays replay.Store
	rec     *leaderboard.Recorder
	daily   *daily.Service
	isBot   func(player string) bool
	marked  func(ctx context.Context, player string) (bool, error)
	log     *slog.Logger
	analyze func(rp replay.Replay)
}

// dailyKeyLabel is the HMAC message that derives the daily challenges'
// key from Config.Secret. Changing it changes every daily challenge.
const dailyKeyLabel = "solitaire-race daily challenge key v1"

// New returns a Service for cfg.
func New(cfg Config) (*Service, error) {
	if cfg.Boards == nil {
		cfg.Boards = leaderboard.NewMemoryStore()
	}
	if cfg.Replays == nil {
		cfg.Replays = replay.NewMemoryStore()
	}
	if cfg.Games == nil {
		return nil, errors.New("results: Config.Games is nil: give the registry of the games raced (match/game/games.All)")
	}
	if cfg.Checker == nil {
		cfg.Checker = checkWinnable(cfg.Games)
	}
	if cfg.IsBot == nil {
		cfg.IsBot = leaderboard.IsBotID
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: cfg.Boards, IsBot: cfg.IsBot})
	if err != nil {
		return nil, err
	}
	var key []byte
	if len(cfg.Secret) == 0 {
		key = make([]byte, 32)
		_, _ = rand.Read(key) // never fails
	} else {
		m := hmac.New(sha256.New, cfg.Secret)
		m.Write([]byte(dailyKeyLabel))
		key = m.Sum(nil)
	}
	dsvc, err := daily.New(daily.Config{Secret: key, Store: cfg.Boards, Checker: cfg.Checker, Clock: cfg.Clock, AwaitClaim: cfg.DailyAwaitClaim, Games: cfg.Games,
		RateGuests: cfg.RateGuests})
	if err != nil {
		return nil, err
	}
	return &Service{replays: cfg.Replays, rec: rec, daily: dsvc, isBot: cfg.IsBot, marked: cfg.Marked, log: cfg.Logger, analyze: cfg.Analyze}, nil
}

// Daily returns the daily challenges' service, on Config.Boards.
func (s *Service) Daily() *daily.Service { return s.daily }

// RatedStore is a replay store that also keeps the rating changes of
// each race (archive.Archiver): OnFinish saves a race's replay with the
// changes it stored, and a node that did not apply the race's ratings
// saves the replay without.
type RatedStore interface {
	replay.Store
	SaveRated(ctx context.Context, rp replay.Replay, changes []rating.Change) (bool, error)
}

// save saves rp, with changes where the store keeps them.
func (s *Service) save(ctx context.Context, rp replay.Replay, changes []rating.Change) (bool, error) {
	if rs, ok := s.replays.(RatedStore); ok {
		return rs.SaveRated(ctx, rp, changes)
	}
	return s.replays.Save(ctx, rp)
}

// rated says whether a race counts for ratings and wins: quick races,
// rooms and rated arenas' races between humans; not the daily challenge
// (it has its own board), nor a race marked unrated, nor any race with a
// bot or a marked player (Config.Marked) in it.
func (s *Service) rated(ctx context.Context, race match.Race) bool {
	if daily.IsRace(race.ID) || race.Unrated {
		return false
	}
	for _, p := range race.Racers {
		if s.isBot(p.ID) {
			return false
		}
	}
	if s.marked == nil {
		return true
	}
	for _, p := range race.Racers {
		marked, err := s.marked(ctx, p.ID)
		if err != nil {
			s.log.Warn("reading a racer's fair-play mark: the race is not rated", "race", race.ID, "player", p.ID, "err", err)
			return false
		}
		if marked {
			s.log.Info("race not rated: a racer is marked", "race", race.ID, "player", p.ID)
			return false
		}
	}
	return true
}

// dailyBoard says whether a race may go on a daily board: every race
// but a daily challenge's whose racer a moderator marked (Config.Marked)
// or whose mark cannot be read. Its replay is archived all the same.
func (s *Service) dailyBoard(ctx context.Context, race match.Race) bool {
	if s.marked == nil || !daily.IsRace(race.ID) {
		return true
	}
	for _, p := range race.Racers {
		marked, err := s.marked(ctx, p.ID)
		if err != nil {
			s.log.Warn("reading a racer's fair-play mark: the daily attempt stays off the board", "race", race.ID, "player", p.ID, "err", err)
			return false
		}
		if marked {
			s.log.Info("daily attempt off the board: its racer is marked", "race", race.ID, "player", p.ID)
			return false
		}
	}
	return true
}

// OnFinish records the finished race of snap: it updates the ratings and
// leaderboards if the race is rated, saves its replay (with the rating
// changes, to a RatedStore; and hands it to Config.Analyze when this call
// saved it first), and records
// a daily challenge's attempt on that day's board (not a marked racer's:
// dailyBoard). A snapshot without a
// result is ignored. A failed write is logged, not returned: the others
// still happen, and another node's call may retry it. It returns what
// the race did to the ratings when this call recorded the race first
// (Ratings.Rated false for an unrated race), nil otherwise. OnFinish is
// hub.Config.OnFinish.
func (s *Service) OnFinish(ctx context.Context, snap match.Snapshot) *scoreboard.Ratings {
	if snap.Result == nil {
		return nil
	}
	id := snap.Race.ID
	var errs []error
	// The ratings first: the changes this call stored go with the replay
	// to a store that keeps them (RatedStore), in one queued record.
	changes, applied, err := s.rec.RecordChanges(ctx, snap.Race, *snap.Result, s.rated(ctx, snap.Race))
	if err != nil {
		errs = append(errs, err)
	}
	var out *scoreboard.Ratings
	if applied {
		r := s.rec.Ratings(snap.Race, changes)
		out = &r
	}
	if rp, err := replay.FromSnapshot(snap); err != nil {
		errs = append(errs, err)
	} else if first, err := s.save(ctx, rp, changes); err != nil {
		errs = append(errs, err)
	} else if first && s.analyze != nil {
		s.analyze(rp)
	}
	if s.dailyBoard(ctx, snap.Race) {
		if _, err := s.daily.Finish(ctx, snap.Race, *snap.Result); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		s.log.Warn("recording race results", "race", id, "err", err)
	}
	return out
}
