package hub

import (
	"bytes"
	"context"
	"sync"
	"time"

	"github.com/solitaire-race/racer/hub/arenarun"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/arena"
)

// maxArenaWatches bounds the arenas one connection follows at a time.
const maxArenaWatches = 4

// arenaFollow is a connection's part in the arenas: the arena messages
// it serves, the arenas it follows and the player's own line in each.
type arenaFollow struct {
	c *conn
	// arenas holds the subscriptions of the arenas followed (at most
	// maxArenaWatches); c.mu guards it.
	arenas map[string]func()

	// youMu orders the player's own arena lines (arena_you) and guards
	// you, the last line sent for each arena followed: an announcement
	// that leaves the line as it was sends nothing.
	youMu sync.Mutex
	you   map[string]wire.ArenaYou
}

// handleArena serves the arena messages: watch and unwatch an arena's
// standings, join, pause, resume, withdraw, and create an arena.
func (af *arenaFollow) handleArena(m *wire.ClientMessage) {
	c := af.c
	h := c.h
	if h.cfg.Arenas == nil {
		c.sendError(wire.CodeArenaUnavailable, "this server runs no arenas", "", 0)
		return
	}
	if m.Type == wire.TypeArenaCreate {
		af.handleArenaCreate(m)
		return
	}
	id := m.Arena
	if id == "" || len(id) > 64 {
		c.sendError(wire.CodeBadRequest, m.Type+" needs an arena", "", 0)
		return
	}
	if m.Type == wire.TypeArenaUnwatch {
		af.unwatchArena(id)
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
		if a.Rated && c.refuseRated(ctx, "rated arenas are for players signed in with an account") {
			return
		}
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
	if err := af.watchArena(ctx, id); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	af.sendArena(ctx, a, me.Player)
}

// handleArenaCreate creates an arena hosted by the player: name,
// profile, time_limit_ms its duration, max its race size, start_in_ms
// its start from now (at most a week), unrated and private.
func (af *arenaFollow) handleArenaCreate(m *wire.ClientMessage) {
	c := af.c
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
	if a.Rated && c.refuseRated(ctx, "rated arenas are for players signed in with an account: create an unrated one") {
		return
	}
	if err := a.Validate(h.cfg.ArenaMinDuration, h.validProfile); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := h.arenaRoom(ctx, now, me.Player); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := h.cfg.Arenas.Create(ctx, a); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	h.log.Info("arena created", "arena", a.ID, "host", me.Player, "profile", a.Profile, "private", a.Private)
	if err := af.watchArena(ctx, a.ID); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	af.sendArena(ctx, a, me.Player)
}

// maxHostedEach is the most open arenas one player may host.
const maxHostedEach = 3

var (
	errArenaLimit = &refusal{code: wire.CodeArenaLimit,
		msg: "too many arenas created by players are open: try again once one has ended"}
	errArenaLimitEach = &refusal{code: wire.CodeArenaLimit,
		msg: "you host 3 open arenas already: create another once one has ended"}
)

// arenaRoom checks that player may create an arena at now: that fewer
// than Config.ArenaMaxHosted arenas created by players, and fewer than
// maxHostedEach of player's, are upcoming or running. Nodes creating
// at the same moment may pass it together: the bound is loose by that
// much, and the message rate limit bounds it.
func (h *Hub) arenaRoom(ctx context.Context, now time.Time, player string) error {
	list, err := h.cfg.Arenas.List(ctx, now, 0)
	if err != nil {
		return err
	}
	hosted, mine := 0, 0
	for _, a := range list {
		if a.Host == "" || !now.Before(a.End()) {
			continue
		}
		hosted++
		if a.Host == player {
			mine++
		}
	}
	switch {
	case mine >= maxHostedEach:
		return errArenaLimitEach
	case hosted >= h.cfg.ArenaMaxHosted:
		return errArenaLimit
	}
	return nil
}

// sendArena sends the arena's state and, when the player is in it below
// the top, their own line.
func (af *arenaFollow) sendArena(ctx context.Context, a arena.Arena, player string) {
	c := af.c
	msg, you, err := arenarun.Message(ctx, c.h.cfg.Arenas, a, player)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(msg)
	if you != nil {
		af.sendArenaYou(*you, false)
	}
}

// sendArenaYou sends the player's own line of an arena. An update (an
// announcement's) equal to the last line sent for the arena is left out;
// an answer to the player's request always goes.
func (af *arenaFollow) sendArenaYou(you wire.ArenaYou, update bool) {
	c := af.c
	af.youMu.Lock()
	defer af.youMu.Unlock()
	last, ok := af.you[you.Arena]
	if update && ok && last == you {
		return
	}
	if ok || len(af.you) < maxArenaWatches {
		if af.you == nil {
			af.you = map[string]wire.ArenaYou{}
		}
		af.you[you.Arena] = you
	}
	c.sendJSON(you)
}

// watchArena subscribes the connection to the arena's announcements,
// unless it follows it already; it follows at most maxArenaWatches.
func (af *arenaFollow) watchArena(ctx context.Context, id string) error {
	c := af.c
	c.mu.Lock()
	_, ok := af.arenas[id]
	n := len(af.arenas)
	c.mu.Unlock()
	if ok {
		return nil
	}
	if n >= maxArenaWatches {
		return errArenaWatches
	}
	cancel, err := c.h.cfg.Broker.Subscribe(c.ctx, arenarun.Channel(id), af.onArenaEvent)
	if err != nil {
		return err
	}
	c.mu.Lock()
	if af.arenas == nil {
		af.arenas = map[string]func(){}
	}
	old := af.arenas[id]
	af.arenas[id] = cancel
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

func (af *arenaFollow) unwatchArena(id string) {
	c := af.c
	c.mu.Lock()
	cancel := af.arenas[id]
	delete(af.arenas, id)
	c.mu.Unlock()
	af.youMu.Lock()
	delete(af.you, id)
	af.youMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// onArenaEvent forwards an arena announcement: its payload is the
// arena message itself, or the table of the lines below the top, from
// which the connection's player gets their own line.
func (af *arenaFollow) onArenaEvent(b []byte) {
	c := af.c
	if b == nil {
		return // a gap after a Redis outage: the arena's next message carries all of it
	}
	if bytes.HasPrefix(b, arenarun.RanksHead) {
		af.onArenaRanks(b)
		return
	}
	c.enqueue(append([]byte(nil), b...))
}

// onArenaRanks sends the connection's player their line of a table of
// ranks, when it has one.
func (af *arenaFollow) onArenaRanks(b []byte) {
	c := af.c
	me, ok := c.identity()
	if !ok {
		return
	}
	if you, ok := arenarun.YouIn(b, me.Player); ok {
		af.sendArenaYou(you, true)
	}
}
