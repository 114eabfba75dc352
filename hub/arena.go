package hub

import (
	"context"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/arena"
)

// maxArenaWatches bounds the arenas one connection follows at a time.
const maxArenaWatches = 4

// handleArena serves the arena messages: watch and unwatch an arena's
// standings, join, pause, resume, withdraw, and create an arena.
func (c *conn) handleArena(m *wire.ClientMessage) {
	h := c.h
	if h.cfg.Arenas == nil {
		c.sendError(wire.CodeArenaUnavailable, "this server runs no arenas", "", 0)
		return
	}
	if m.Type == wire.TypeArenaCreate {
		c.handleArenaCreate(m)
		return
	}
	id := m.Arena
	if id == "" || len(id) > 64 {
		c.sendError(wire.CodeBadRequest, m.Type+" needs an arena", "", 0)
		return
	}
	if m.Type == wire.TypeArenaUnwatch {
		c.unwatchArena(id)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	a, err := h.cfg.Arenas.Get(ctx, id)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	me, _ := c.identity()
	switch m.Type {
	case wire.TypeArenaJoin:
		err = h.cfg.Arenas.Join(ctx, id, arena.Entrant{ID: me.Player, Name: me.Name, Bot: IsBot(me.Player)})
	case wire.TypeArenaPause, wire.TypeArenaResume:
		err = h.cfg.Arenas.SetPaused(ctx, id, me.Player, m.Type == wire.TypeArenaPause)
	case wire.TypeArenaWithdraw:
		err = h.cfg.Arenas.Withdraw(ctx, id, me.Player)
	}
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := c.watchArena(ctx, id); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	msg, err := h.arenaMessage(ctx, a)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(msg)
}

// handleArenaCreate creates an arena hosted by the player: name,
// profile, time_limit_ms its duration, max its race size, start_in_ms
// its start from now (at most a week), unrated and private.
func (c *conn) handleArenaCreate(m *wire.ClientMessage) {
	h := c.h
	me, _ := c.identity()
	if m.StartInMS < 0 || m.StartInMS > int64(7*24*time.Hour/time.Millisecond) {
		c.sendError(wire.CodeBadRequest, "an arena starts within a week", "", 0)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	now, err := h.cfg.Arenas.Now(ctx)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	size := m.Max
	if size == 0 {
		size = arena.MinRaceSize
	}
	a := arena.Arena{ID: newID(), Name: m.Name, Profile: m.Profile, RaceSize: size,
		Start:    now.Add(time.Duration(m.StartInMS) * time.Millisecond).Truncate(time.Second).UTC(),
		Duration: time.Duration(m.TimeLimitMS) * time.Millisecond, Rated: !m.Unrated, Host: me.Player, Private: m.Private}
	if err := a.Validate(h.cfg.ArenaMinDuration, validProfile); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := h.cfg.Arenas.Create(ctx, a); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	h.log.Info("arena created", "arena", a.ID, "host", me.Player, "profile", a.Profile, "private", a.Private)
	if err := c.watchArena(ctx, a.ID); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	msg, err := h.arenaMessage(ctx, a)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(msg)
}

// watchArena subscribes the connection to the arena's announcements,
// unless it follows it already; it follows at most maxArenaWatches.
func (c *conn) watchArena(ctx context.Context, id string) error {
	c.mu.Lock()
	_, ok := c.arenas[id]
	n := len(c.arenas)
	c.mu.Unlock()
	if ok {
		return nil
	}
	if n >= maxArenaWatches {
		return errArenaWatches
	}
	cancel, err := c.h.cfg.Broker.Subscribe(c.ctx, arenaChannel(id), c.onArenaEvent)
	if err != nil {
		return err
	}
	c.mu.Lock()
	if c.arenas == nil {
		c.arenas = map[string]func(){}
	}
	old := c.arenas[id]
	c.arenas[id] = cancel
	c.mu.Unlock()
	if old != nil {
		old()
	}
	return nil
}

var errArenaWatches = &refusal{code: wire.CodeBadRequest, msg: "a connection follows at most 4 arenas: unwatch one first"}

// refusal is an error the client is told as it is.
type refusal struct{ code, msg string }

func (r *refusal) Error() string { return r.msg }

func (c *conn) unwatchArena(id string) {
	c.mu.Lock()
	cancel := c.arenas[id]
	delete(c.arenas, id)
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// onArenaEvent forwards an arena announcement: its payload is the
// arena message itself.
func (c *conn) onArenaEvent(b []byte) {
	c.enqueue(append([]byte(nil), b...))
}

// arenaMessage returns the arena's state as the wire tells it.
func (h *Hub) arenaMessage(ctx context.Context, a arena.Arena) (wire.ArenaMessage, error) {
	now, err := h.cfg.Arenas.Now(ctx)
	if err != nil {
		return wire.ArenaMessage{}, err
	}
	players, err := h.cfg.Arenas.Players(ctx, a.ID)
	if err != nil {
		return wire.ArenaMessage{}, err
	}
	return arenaFrame(a, now, players), nil
}

func arenaFrame(a arena.Arena, now time.Time, players []arena.Player) wire.ArenaMessage {
	msg := wire.ArenaMessage{Type: wire.TypeArena, Arena: wireArena(a), Phase: a.Phase(now), Now: now,
		Players: len(players), Standings: []wire.ArenaStanding{}, Races: []wire.ArenaRace{}}
	paused := map[string]bool{}
	for _, p := range players {
		paused[p.ID] = p.Paused
	}
	st := arena.Standings(players)
	for i, s := range st {
		if i == wire.ArenaTop {
			break
		}
		msg.Standings = append(msg.Standings, wire.ArenaStanding{Rank: s.Rank, Player: s.Player, Name: s.Name, Bot: s.Bot,
			Points: s.Points, Races: s.Races, Wins: s.Wins, Streak: s.Streak, Fire: s.Fire, Performance: s.Perf,
			Withdrawn: s.Withdrawn, Paused: paused[s.Player]})
	}
	for i, r := range arena.LiveRaces(players) {
		if i == wire.ArenaRaces {
			break
		}
		msg.Races = append(msg.Races, wire.ArenaRace{Race: r.Race, Players: r.Players, Since: r.Since, Points: r.Points})
	}
	return msg
}

func wireArena(a arena.Arena) wire.ArenaInfo {
	return wire.ArenaInfo{ID: a.ID, Name: a.Name, Profile: a.Profile, Start: a.Start, End: a.End(),
		DurationMS: a.Duration.Milliseconds(), RaceSize: a.RaceSize, Rated: a.Rated, Host: a.Host, Private: a.Private,
		Schedule: wire.ScheduleOf(a.Every)}
}
