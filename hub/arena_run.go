package hub

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/arena"
)

// ArenaArchive keeps finished arenas' final standings (archive.Archive
// is one). SaveArena writes an arena once, however often it is called.
type ArenaArchive interface {
	SaveArena(ctx context.Context, a arena.Arena, standings []arena.Standing) (bool, error)
}

// arenaMemo is what one node's arena loop remembers between ticks, by
// arena: what it announced last and the arenas it archived.
type arenaMemo struct {
	frame    map[string]string
	ranks    map[string]string
	archived map[string]bool
}

// forget drops what the memo holds on arenas not in keep.
func (m *arenaMemo) forget(keep map[string]bool) {
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

// runArenas does the arenas' background work every Config.ArenaTick
// until ctx ends: it creates the schedule's arenas, and for each arena
// running (or whose last races still run) whose pairing lease this node
// holds, it reconciles the races, pairs the free players, starts their
// races, announces the standings when they changed and, once the last
// race is over, archives the final standings. Any node may hold a
// lease; when its holder dies, another node takes it within three
// ticks.
func (h *Hub) runArenas(ctx context.Context) {
	t := time.NewTicker(h.cfg.ArenaTick)
	defer t.Stop()
	memo := &arenaMemo{frame: map[string]string{}, ranks: map[string]string{}, archived: map[string]bool{}}
	for tick := 0; ; tick++ {
		h.arenaTick(ctx, tick, memo)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// arenaGrace is how long after its end an arena's last races may run.
func (h *Hub) arenaGrace() time.Duration { return h.cfg.Countdown + h.cfg.TimeLimit + time.Minute }

// arenaArchiveWindow is how long after its grace a node keeps trying to
// archive a finished arena (the archive may be down for a while).
const arenaArchiveWindow = time.Hour

func (h *Hub) arenaTick(ctx context.Context, tick int, memo *arenaMemo) {
	ctx, cancel := context.WithTimeout(ctx, 10*h.cfg.ArenaTick)
	defer cancel()
	st := h.cfg.Arenas
	now, err := st.Now(ctx)
	if err != nil {
		h.log.Debug("arena clock", "err", err)
		return
	}
	if tick%30 == 0 {
		for _, a := range h.cfg.ArenaSchedule.Due(now) {
			if err := st.Create(ctx, a); err != nil && !errors.Is(err, arena.ErrExists) {
				h.log.Warn("creating a scheduled arena", "arena", a.ID, "err", err)
			}
		}
	}
	since := now.Add(-h.arenaGrace())
	if h.cfg.ArenaArchive != nil {
		since = since.Add(-arenaArchiveWindow)
	}
	list, err := st.List(ctx, since, 0)
	if err != nil {
		h.log.Warn("listing arenas", "err", err)
		return
	}
	running, playing := 0, 0
	keep := make(map[string]bool, len(list))
	for _, a := range list {
		keep[a.ID] = true
		if now.Before(a.Start) {
			continue
		}
		past := now.After(a.End().Add(h.arenaGrace()))
		if past && (h.cfg.ArenaArchive == nil || memo.archived[a.ID]) {
			continue
		}
		ok, err := st.Lease(ctx, a.ID, h.nodeID, 3*h.cfg.ArenaTick)
		if err != nil || !ok {
			continue
		}
		if past {
			// Its last races are over or abandoned: archive what it has.
			if players, err := st.Players(ctx, a.ID); err == nil {
				h.archiveArena(ctx, a, arena.Standings(players), memo)
			}
			continue
		}
		n, err := h.arenaStep(ctx, a, now, tick, memo)
		if err != nil {
			h.log.Warn("running an arena", "arena", a.ID, "err", err)
			continue
		}
		if a.Phase(now) == arena.PhaseRunning {
			running++
			playing += n
		}
	}
	memo.forget(keep)
	h.met.arenasRunning.Set(float64(running))
	h.met.arenaPlayers.Set(float64(playing))
}

// arenaStep runs one arena whose lease this node holds, and returns its
// players still in it.
func (h *Hub) arenaStep(ctx context.Context, a arena.Arena, now time.Time, tick int, memo *arenaMemo) (int, error) {
	st := h.cfg.Arenas
	players, err := st.Players(ctx, a.ID)
	if err != nil {
		return 0, err
	}
	changed := false
	if tick%5 == 0 && h.arenaSweep(ctx, a, players, now) {
		changed = true
	}
	// No race is paired whose countdown would outlast the arena.
	if a.Phase(now) == arena.PhaseRunning && now.Add(h.cfg.Countdown).Before(a.End()) {
		if h.arenaPair(ctx, a, players, now) {
			changed = true
		}
	}
	if changed {
		if players, err = st.Players(ctx, a.ID); err != nil {
			return 0, err
		}
	}
	msg, standings := arenaFrame(a, now, players)
	msg.Now = time.Time{}
	sig, _ := json.Marshal(msg)
	if string(sig) != memo.frame[a.ID] {
		memo.frame[a.ID] = string(sig)
		msg.Now = now
		b, _ := json.Marshal(msg)
		if err := h.cfg.Broker.Publish(ctx, arenaChannel(a.ID), b); err != nil {
			h.log.Warn("announcing arena", "arena", a.ID, "err", err)
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
	if ranks := appendArenaRanks(nil, a.ID, standings, paused); string(ranks) != memo.ranks[a.ID] {
		memo.ranks[a.ID] = string(ranks)
		if ranks != nil {
			if err := h.cfg.Broker.Publish(ctx, arenaChannel(a.ID), ranks); err != nil {
				h.log.Warn("announcing arena ranks", "arena", a.ID, "err", err)
			}
		}
	}
	if a.Phase(now) == arena.PhaseFinished && len(msg.Races) == 0 {
		h.archiveArena(ctx, a, standings, memo)
	}
	n := 0
	for _, p := range players {
		if !p.Withdrawn && !p.Bot {
			n++
		}
	}
	return n, nil
}

// archiveArena writes a finished arena's final standings to the archive
// unless this node did already; a failure is tried again next tick.
func (h *Hub) archiveArena(ctx context.Context, a arena.Arena, standings []arena.Standing, memo *arenaMemo) {
	if h.cfg.ArenaArchive == nil || memo.archived[a.ID] {
		return
	}
	first, err := h.cfg.ArenaArchive.SaveArena(ctx, a, standings)
	if err != nil {
		h.log.Warn("archiving an arena", "arena", a.ID, "err", err)
		return
	}
	memo.archived[a.ID] = true
	if first {
		h.log.Info("arena archived", "arena", a.ID, "players", len(standings))
	}
}

// arenaPair pairs the arena's free players and starts their races; it
// reports whether any race started.
func (h *Hub) arenaPair(ctx context.Context, a arena.Arena, players []arena.Player, now time.Time) bool {
	pool := arena.Pool(players, now)
	h.arenaOfferBot(ctx, a, pool, now)
	cfg := h.cfg.ArenaPair
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
	taken, err := h.cfg.Arenas.Take(ctx, a.ID, h.nodeID, want)
	if err != nil {
		h.log.Warn("pairing arena", "arena", a.ID, "err", err)
		return false
	}
	for i, g := range want {
		if !contains(taken, g.Race) {
			continue
		}
		for _, w := range groups[i] {
			if !w.Bot {
				h.met.arenaWait.Observe(now.Sub(w.Since).Seconds())
			}
		}
		h.startArenaRace(ctx, a, g, byID, now)
	}
	return len(taken) > 0
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// startArenaRace starts the race of a group taken from the pool, through
// the races' one creation path; a race that cannot be stored puts its
// players back in the pool. The group's bots are launched.
func (h *Hub) startArenaRace(ctx context.Context, a arena.Arena, g arena.Group, byID map[string]arena.Player, now time.Time) {
	r := match.Race{ID: g.Race, Profile: a.Profile, Arena: a.ID, Unrated: !a.Rated,
		Countdown: h.cfg.Countdown, TimeLimit: h.cfg.TimeLimit, SpectatorDelay: h.cfg.SpectatorDelay}
	for _, id := range g.Players {
		r.Racers = append(r.Racers, match.Racer{ID: id, Name: byID[id].Name})
	}
	err := h.startRace(ctx, &r, "arena")
	if err != nil && !errors.Is(err, errUnannounced) {
		h.log.Warn("starting an arena race", "arena", a.ID, "race", r.ID, "err", err)
		if err := h.cfg.Arenas.Release(ctx, a.ID, r.ID); err != nil {
			h.log.Warn("releasing an arena race", "arena", a.ID, "race", r.ID, "err", err)
		}
		return
	}
	if h.cfg.LaunchBot == nil {
		return
	}
	for _, id := range g.Players {
		if p := byID[id]; p.Bot {
			h.cfg.LaunchBot(h.ctx, h.signer.Sign(session.Identity{Player: p.ID, Name: p.Name, Issued: now.Unix()}), a.Profile)
		}
	}
}

// arenaOfferBot seats a labelled bot in an unrated arena whose one free
// person has waited Config.ArenaBotAfter with nobody to race.
func (h *Hub) arenaOfferBot(ctx context.Context, a arena.Arena, pool []arena.Waiting, now time.Time) {
	if a.Rated || h.cfg.ArenaBotAfter <= 0 || h.cfg.LaunchBot == nil || len(pool) != 1 || pool[0].Bot ||
		now.Sub(pool[0].Since) < h.cfg.ArenaBotAfter {
		return
	}
	bot := newBotIdentity(now)
	if err := h.cfg.Arenas.Join(ctx, a.ID, arena.Entrant{ID: bot.Player, Name: bot.Name, Bot: true}); err != nil {
		h.log.Warn("seating an arena bot", "arena", a.ID, "err", err)
	}
}

// arenaSweep reconciles the arena's races with the race store, so that a
// node dying loses no result: a finished race whose result was never
// recorded is recorded, a race past its time limit that no node finishes
// is finished here, a race never stored frees its players, and a race in
// its first minute is announced to its racers again (its start may have
// died with its node). It reports whether it changed anything.
func (h *Hub) arenaSweep(ctx context.Context, a arena.Arena, players []arena.Player, now time.Time) bool {
	changed := false
	for _, lr := range arena.LiveRaces(players) {
		if now.Sub(lr.Since) < 5*time.Second {
			continue
		}
		snap, err := h.cfg.Store.Load(ctx, lr.Race)
		switch {
		case errors.Is(err, match.ErrNotFound):
			if now.Sub(lr.Since) > 30*time.Second {
				if h.cfg.Arenas.Release(ctx, a.ID, lr.Race) == nil {
					changed = true
				}
			}
			continue
		case err != nil:
			continue
		}
		res := snap.Result
		if res == nil {
			res, _, _ = h.finishStale(ctx, snap)
		}
		if res == nil && now.Sub(lr.Since) < time.Minute {
			// The node that created the race may have died before
			// announcing it: tell its racers again (a racer seated in it
			// already ignores this).
			b, _ := json.Marshal(event{Kind: evRace, Race: lr.Race})
			for _, p := range lr.Players {
				_ = h.cfg.Broker.Publish(ctx, playerChannel(p), b)
			}
		}
		if res != nil {
			if first := h.recordArena(ctx, a.ID, *res); first {
				changed = true
			}
		}
	}
	return changed
}

// recordArena scores a finished arena race (once, whoever calls) and
// reports whether this call recorded it.
func (h *Hub) recordArena(ctx context.Context, id string, res match.Result) bool {
	if h.cfg.Arenas == nil {
		return false
	}
	first, err := h.cfg.Arenas.Record(ctx, id, arena.ResultOf(res), h.cfg.ArenaPause)
	if err != nil {
		h.log.Warn("recording an arena race", "arena", id, "race", res.Race, "err", err)
		return false
	}
	return first
}
