package arenarun

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
)

// pair pairs the arena's free players and starts their races; it
// reports whether any race started.
func (r *Runner) pair(ctx context.Context, a arena.Arena, players []arena.Player, now time.Time) bool {
	pool := arena.Pool(players, now)
	if a.Rated {
		pool = r.withdrawMarked(ctx, a, pool)
		r.keepApart(ctx, a, pool)
	}
	r.offerBot(ctx, a, pool, now)
	cfg := r.cfg.Pair
	cfg.Size = a.RaceSize
	groups := arena.Pair(pool, cfg, now)
	if len(groups) == 0 {
		return false
	}
	byID := make(map[string]arena.Player, len(players))
	for _, p := range players {
		byID[p.ID] = p
	}
	want := make([]arena.Group, len(groups))
	for i, g := range groups {
		want[i].Race = newID()
		for _, w := range g {
			want[i].Players = append(want[i].Players, w.Player)
		}
	}
	taken, err := r.cfg.Arenas.Take(ctx, a.ID, r.cfg.Node, want)
	if err != nil {
		r.log.Warn("pairing arena", "arena", a.ID, "err", err)
		return false
	}
	for i, g := range want {
		if !slices.Contains(taken, g.Race) {
			continue
		}
		for _, w := range groups[i] {
			if !w.Bot {
				r.cfg.Wait.Observe(now.Sub(w.Since).Seconds())
			}
		}
		r.startRace(ctx, a, g, byID, now)
	}
	return len(taken) > 0
}

// startRace starts the race of a group taken from the pool, through the
// hub's one creation path; a race that cannot be stored puts its players
// back in the pool. The group's bots are launched.
func (r *Runner) startRace(ctx context.Context, a arena.Arena, g arena.Group, byID map[string]arena.Player, now time.Time) {
	race := match.Race{ID: g.Race, Profile: a.Profile, Arena: a.ID, Unrated: !a.Rated,
		Countdown: r.cfg.Countdown, TimeLimit: r.cfg.TimeLimit, SpectatorDelay: r.cfg.SpectatorDelay}
	for _, id := range g.Players {
		racer := match.Racer{ID: id, Name: byID[id].Name}
		if byID[id].Bot {
			racer.Bot = r.cfg.BotLevel
		}
		race.Racers = append(race.Racers, racer)
	}
	if err := r.cfg.Seater.StartRace(ctx, &race); err != nil {
		r.log.Warn("starting an arena race", "arena", a.ID, "race", race.ID, "err", err)
		if err := r.cfg.Arenas.Release(ctx, a.ID, race.ID); err != nil {
			r.log.Warn("releasing an arena race", "arena", a.ID, "race", race.ID, "err", err)
		}
		return
	}
	for _, id := range g.Players {
		if p := byID[id]; p.Bot {
			r.cfg.Seater.LaunchBot(session.Identity{Player: p.ID, Name: p.Name, Issued: now.Unix()}, a.Profile)
		}
	}
}

// offerBot seats a labelled bot in an unrated arena whose one free
// person has waited Config.BotAfter with nobody to race.
func (r *Runner) offerBot(ctx context.Context, a arena.Arena, pool []arena.Waiting, now time.Time) {
	if a.Rated || r.cfg.BotAfter <= 0 || len(pool) != 1 || pool[0].Bot ||
		now.Sub(pool[0].Since) < r.cfg.BotAfter {
		return
	}
	bot := r.cfg.Seater.NewBot(now)
	if err := r.cfg.Arenas.Join(ctx, a.ID, arena.Entrant{ID: bot.Player, Name: bot.Name, Bot: true}); err != nil {
		r.log.Warn("seating an arena bot", "arena", a.ID, "err", err)
	}
}

// sweep reconciles the arena's races with the race store, so that a
// node dying loses no result: a finished race whose result was never
// recorded is recorded, a race past its time limit that no node finishes
// is finished here, a race never stored frees its players, and a race in
// its first minute is announced to its racers again (its start may have
// died with its node). It reports whether it changed anything.
func (r *Runner) sweep(ctx context.Context, a arena.Arena, players []arena.Player, now time.Time) bool {
	changed := false
	for _, lr := range arena.LiveRaces(players) {
		if now.Sub(lr.Since) < 5*time.Second {
			continue
		}
		snap, err := r.cfg.Races.Load(ctx, lr.Race)
		switch {
		case errors.Is(err, match.ErrNotFound):
			if now.Sub(lr.Since) > 30*time.Second {
				if r.cfg.Arenas.Release(ctx, a.ID, lr.Race) == nil {
					changed = true
				}
			}
			continue
		case err != nil:
			continue
		}
		res := snap.Result
		if res == nil {
			res = r.cfg.Seater.FinishStale(ctx, snap)
		}
		if res == nil && now.Sub(lr.Since) < time.Minute {
			r.cfg.Seater.Announce(ctx, lr.Race, lr.Players)
		}
		if res != nil {
			if first := r.Record(ctx, a.ID, *res); first {
				changed = true
			}
		}
	}
	return changed
}

// Record scores a finished race of arena id (once, whoever calls) and
// reports whether this call recorded it.
func (r *Runner) Record(ctx context.Context, id string, res match.Result) bool {
	first, err := r.cfg.Arenas.Record(ctx, id, arena.ResultOf(res), r.cfg.Pause)
	if err != nil {
		r.log.Warn("recording an arena race", "arena", id, "race", res.Race, "err", err)
		return false
	}
	return first
}

// withdrawMarked withdraws from the rated arena a the free players a
// moderator marked (Config.Marked) and returns the pool without them.
// A mark that cannot be read leaves its player in the pool: the race's
// creation asks again and makes it unrated.
func (r *Runner) withdrawMarked(ctx context.Context, a arena.Arena, pool []arena.Waiting) []arena.Waiting {
	if r.cfg.Marked == nil {
		return pool
	}
	out := pool[:0]
	for _, w := range pool {
		if !w.Bot {
			marked, err := r.cfg.Marked(ctx, w.Player)
			if err != nil {
				r.log.Warn("reading a player's fair-play mark to pair an arena", "arena", a.ID, "player", w.Player, "err", err)
			}
			if marked {
				if err := r.cfg.Arenas.Withdraw(ctx, a.ID, w.Player); err != nil {
					r.log.Warn("withdrawing a marked player from a rated arena", "arena", a.ID, "player", w.Player, "err", err)
				} else {
					r.log.Info("marked player withdrawn from a rated arena", "arena", a.ID, "player", w.Player)
				}
				continue
			}
		}
		out = append(out, w)
	}
	return out
}

// keepApart fills each free person's Apart with the players linked to
// them (Config.Linked): Pair never groups those in a rated arena. Should
// the links be unreadable the player is paired as any other: the race's
// creation asks again and makes it unrated.
func (r *Runner) keepApart(ctx context.Context, a arena.Arena, pool []arena.Waiting) {
	if r.cfg.Linked == nil {
		return
	}
	for i := range pool {
		if pool[i].Bot {
			continue
		}
		linked, err := r.cfg.Linked(ctx, pool[i].Player)
		if err != nil {
			r.log.Warn("reading a player's links to pair an arena", "arena", a.ID, "player", pool[i].Player, "err", err)
			continue
		}
		pool[i].Apart = linked
	}
}
