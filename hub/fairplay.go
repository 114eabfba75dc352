package hub

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/solitaire-race/racer/hub/broker"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// MarkedAccounts is what an Accounts may also answer: whether a
// moderator marked a player for breaking the fair-play rules (the
// archive's Annul; archive.Marks answers it behind a cache). A marked
// account plays casual only (docs/RULES.md, "Fair play"): its welcome
// says casual_only, its quick races wait in the casual queue, rated
// arenas refuse it (casual_only) and withdraw it when next free if it
// joined before the mark, and every race with it in it is unrated. The
// hub asks at hello, queue, arena join, arena pairing and race
// creation, never per move.
type MarkedAccounts interface {
	// Marked reports whether player was marked.
	Marked(ctx context.Context, player string) (bool, error)
}

func init() {
	sentences[wire.CodeCasualOnly] = "A moderator marked this account for breaking the fair-play rules: it plays casual races only."
}

// evMarked tells a player's connections, on every node, that a
// moderator has just marked them (AnnounceMarked).
const evMarked = "marked"

// AnnounceMarked tells the connections of player, on every node that
// shares b, that a moderator has just marked them: each sends the
// client casual_only. Call it once the mark is stored: the player's next
// queue and race read it anyway, so a lost announcement only leaves the
// page to learn at its next welcome.
func AnnounceMarked(ctx context.Context, b broker.Broker, player string) error {
	ev, _ := json.Marshal(event{Kind: evMarked})
	return b.Publish(ctx, playerChannel(player), ev)
}

// casualOnly reports whether a moderator marked the connection's
// player, who may otherwise rate (mayRate); err when the mark cannot be
// read.
func (c *conn) casualOnly(ctx context.Context) (bool, error) {
	marks, ok := c.h.cfg.Accounts.(MarkedAccounts)
	if !ok || !c.mayRate() {
		return false, nil
	}
	id, _ := c.identity()
	return marks.Marked(ctx, id.Player)
}

// casualOnlyOrNot is casualOnly, an unreadable mark logged and read as
// none: for what decideRated checks again when a race starts.
func (c *conn) casualOnlyOrNot(ctx context.Context) bool {
	marked, err := c.casualOnly(ctx)
	if err != nil {
		id, _ := c.identity()
		c.h.log.Warn("reading a player's fair-play mark", "player", id.Player, "err", err)
	}
	return marked
}

// refuseRated tells the player why they may not take part in rated
// play, and reports whether it did: a guest gets account_required (with
// msg), a marked account casual_only, and a mark that cannot be read
// unavailable.
func (c *conn) refuseRated(ctx context.Context, msg string) bool {
	if !c.mayRate() {
		c.sendError(wire.CodeAccountRequired, msg, "", 0)
		return true
	}
	marked, err := c.casualOnly(ctx)
	switch {
	case err != nil:
		id, _ := c.identity()
		c.h.log.Warn("reading a player's fair-play mark", "player", id.Player, "err", err)
		c.sendError(wire.CodeUnavailable, sentences[wire.CodeUnavailable], "", 0)
		return true
	case marked:
		c.sendError(wire.CodeCasualOnly, sentences[wire.CodeCasualOnly], "", 0)
		return true
	}
	return false
}

// markedFunc returns acc's Marked when it tells marks (for the arena
// runner's pairing), nil otherwise.
func markedFunc(acc Accounts) func(ctx context.Context, player string) (bool, error) {
	marks, ok := acc.(MarkedAccounts)
	if !ok {
		return nil
	}
	return marks.Marked
}

// markedRace reports whether a moderator marked one of r's racers (bots
// aside): r is unrated then. A mark that cannot be read counts as one
// (as linkedRace: a race left unrated can be raced again; a cheater's
// rated result stays until a moderator annuls it).
func markedRace(ctx context.Context, acc Accounts, r *match.Race, log *slog.Logger) bool {
	marks, ok := acc.(MarkedAccounts)
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	for _, p := range r.Racers {
		if IsBot(p.ID) {
			continue
		}
		marked, err := marks.Marked(ctx, p.ID)
		if err != nil {
			log.Warn("reading a racer's fair-play mark: the race is unrated", "race", r.ID, "player", p.ID, "err", err)
			return true
		}
		if marked {
			log.Info("race unrated: a racer is marked", "race", r.ID, "player", p.ID)
			return true
		}
	}
	return false
}
