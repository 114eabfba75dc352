package main

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"log/slog"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/klondike/solver"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
	"github.com/solitaire-race/racer/spider"
	spidersolver "github.com/solitaire-race/racer/spider/solver"
)

// results writes what a finished race leaves behind: its replay, the
// ratings and wins, and the daily challenge's board. Every write is
// idempotent, so each node that sees a race finish may call onFinish. It
// is safe for concurrent use.
type results struct {
	replays replay.Store
	rec     *leaderboard.Recorder
	daily   *daily.Service
	isBot   func(player string) bool
	log     *slog.Logger
}

// newResults builds the recorder and the daily service on be's stores.
// The daily challenges are keyed by a key derived from secret (the
// -secret every node shares), so all nodes deal the same; with no secret,
// a random key, good for this process only.
func newResults(be *backends, secret []byte, clock func(context.Context) (time.Time, error), log *slog.Logger) (*results, error) {
	isBot := leaderboard.IsBotID
	rec, err := leaderboard.NewRecorder(leaderboard.RecorderConfig{Store: be.boards, IsBot: isBot})
	if err != nil {
		return nil, err
	}
	var key []byte
	if len(secret) == 0 {
		key = make([]byte, 32)
		_, _ = rand.Read(key) // never fails
		log.Warn("no -secret: the daily challenge is this process's own")
	} else {
		m := hmac.New(sha256.New, secret) // not the token key itself
		m.Write([]byte("solitaire-race daily challenge key v1"))
		key = m.Sum(nil)
	}
	dsvc, err := daily.New(daily.Config{Secret: key, Store: be.boards, Checker: checkWinnable, Clock: clock})
	if err != nil {
		return nil, err
	}
	return &results{replays: be.replays, rec: rec, daily: dsvc, isBot: isBot, log: log}, nil
}

// dailyNodes and dailyTimeout bound the daily challenge's checker. The
// node budget decides, so that every node of a cluster reaches the same
// verdict and deals the same seed however loaded it is (a few seconds of
// search); the timeout is only a backstop far above it.
const (
	dailyNodes   = 2_000_000
	dailyTimeout = 2 * time.Minute
)

// checkWinnable is the daily challenge's checker: the game's solver
// within dailyNodes positions.
func checkWinnable(ctx context.Context, seed uint64, profile string) (bool, error) {
	g, err := match.GameOf(profile)
	if err != nil {
		return false, err
	}
	if g == match.GameSpider {
		r, err := spider.Profile(profile)
		if err != nil {
			return false, err
		}
		s, err := spider.New(spider.NewDeal(seed, r.Suits), r)
		if err != nil {
			return false, err
		}
		res := spidersolver.Solve(ctx, s, spidersolver.Config{MaxNodes: dailyNodes, Timeout: dailyTimeout})
		return res.Verdict == spidersolver.Won, ctx.Err()
	}
	r, err := klondike.Profile(profile)
	if err != nil {
		return false, err
	}
	s, err := klondike.New(klondike.NewDeal(seed), r)
	if err != nil {
		return false, err
	}
	res := solver.Solve(ctx, s, solver.Config{MaxNodes: dailyNodes, Timeout: dailyTimeout})
	return res.Verdict == solver.Won, ctx.Err()
}

// rated says whether a race counts for ratings and wins: quick races and
// rooms between humans; not the daily challenge (it has its own board),
// nor any race with a bot in it.
func (r *results) rated(race match.Race) bool {
	if daily.IsRace(race.ID) {
		return false
	}
	for _, p := range race.Racers {
		if r.isBot(p.ID) {
			return false
		}
	}
	return true
}

// onFinish is hub.Config.OnFinish.
func (r *results) onFinish(ctx context.Context, snap match.Snapshot) {
	if snap.Result == nil {
		return
	}
	id := snap.Race.ID
	var errs []error
	if rp, err := replay.FromSnapshot(snap); err != nil {
		errs = append(errs, err)
	} else if _, err := r.replays.Save(ctx, rp); err != nil {
		errs = append(errs, err)
	}
	if _, err := r.rec.Record(ctx, snap.Race, *snap.Result, r.rated(snap.Race)); err != nil {
		errs = append(errs, err)
	}
	if _, err := r.daily.Finish(ctx, snap.Race, *snap.Result); err != nil {
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		r.log.Warn("recording race results", "race", id, "err", err)
	}
}
