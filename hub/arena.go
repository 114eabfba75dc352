package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
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
		if a.Rated && !c.mayRate() {
			c.sendError(wire.CodeAccountRequired, "rated arenas are for players signed in with an account", "", 0)
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
	if err := c.watchArena(ctx, id); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendArena(ctx, a, me.Player)
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
	if a.Rated && !c.mayRate() {
		c.sendError(wire.CodeAccountRequired, "rated arenas are for players signed in with an account: create an unrated one", "", 0)
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
	if err := c.watchArena(ctx, a.ID); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendArena(ctx, a, me.Player)
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
func (c *conn) sendArena(ctx context.Context, a arena.Arena, player string) {
	msg, you, err := c.h.arenaMessage(ctx, a, player)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(msg)
	if you != nil {
		c.sendArenaYou(*you, false)
	}
}

// sendArenaYou sends the player's own line of an arena. An update (an
// announcement's) equal to the last line sent for the arena is left out;
// an answer to the player's request always goes.
func (c *conn) sendArenaYou(you wire.ArenaYou, update bool) {
	c.youMu.Lock()
	defer c.youMu.Unlock()
	last, ok := c.you[you.Arena]
	if update && ok && last == you {
		return
	}
	if ok || len(c.you) < maxArenaWatches {
		if c.you == nil {
			c.you = map[string]wire.ArenaYou{}
		}
		c.you[you.Arena] = you
	}
	c.sendJSON(you)
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
	c.youMu.Lock()
	delete(c.you, id)
	c.youMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// onArenaEvent forwards an arena announcement: its payload is the
// arena message itself, or the table of the lines below the top, from
// which the connection's player gets their own line.
func (c *conn) onArenaEvent(b []byte) {
	if bytes.HasPrefix(b, ranksHead) {
		c.onArenaRanks(b)
		return
	}
	c.enqueue(append([]byte(nil), b...))
}

// ranksHead starts the table of ranks: {"k":"ranks","arena":"ID","lines":
// {"player":[rank,points,races,streak,flags],…}}. Arena IDs are letters,
// digits and -, player IDs JSON strings: the table is searched, not
// decoded, by every connection that follows the arena.
var ranksHead = []byte(`{"k":"ranks","arena":"`)

// appendArenaRanks appends the table of the lines of st below the top
// wire.ArenaTop, bots left out, to b; nil when there are none. Each line
// is [rank, points, races, streak, flags]: flags 1 paused (paused
// reports whom), 2 withdrawn.
func appendArenaRanks(b []byte, id string, st []arena.Standing, paused map[string]bool) []byte {
	n := 0
	for i, s := range st {
		if i < wire.ArenaTop || s.Bot {
			continue
		}
		if n == 0 {
			b = append(b, ranksHead...)
			b = append(b, id...)
			b = append(b, `","lines":{`...)
		} else {
			b = append(b, ',')
		}
		n++
		k, _ := json.Marshal(s.Player)
		b = append(b, k...)
		b = append(b, ':', '[')
		b = strconv.AppendInt(b, int64(s.Rank), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.Points), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.Races), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.Streak), 10)
		flags := 0
		if paused[s.Player] {
			flags |= 1
		}
		if s.Withdrawn {
			flags |= 2
		}
		b = append(b, ',', byte('0'+flags), ']')
	}
	if n == 0 {
		return nil
	}
	return append(b, '}', '}')
}

// onArenaRanks sends the connection's player their line of a table of
// ranks, when it has one.
func (c *conn) onArenaRanks(b []byte) {
	me, ok := c.identity()
	if !ok {
		return
	}
	rest := b[len(ranksHead):]
	q := bytes.IndexByte(rest, '"')
	if q < 0 {
		return
	}
	id := string(rest[:q])
	key, _ := json.Marshal(me.Player)
	key = append(key, ':', '[')
	for off := 0; ; {
		i := bytes.Index(rest[off:], key)
		if i < 0 {
			return
		}
		i += off
		if i == 0 || rest[i-1] != '{' && rest[i-1] != ',' {
			off = i + 1
			continue
		}
		var v [5]uint64
		j := i + len(key)
		for k := range v {
			n, end, ok := wire.ParseUint(rest, j)
			if !ok || end >= len(rest) {
				return
			}
			v[k], j = n, end+1
		}
		you := wire.ArenaYou{Type: wire.TypeArenaYou, Arena: id, Rank: int(v[0]), Points: int(v[1]), Races: int(v[2]),
			Streak: int(v[3]), Fire: v[3] >= 2, Paused: v[4]&1 != 0, Withdrawn: v[4]&2 != 0}
		c.sendArenaYou(you, true)
		return
	}
}

// arenaMessage returns the arena's state as the wire tells it and, when
// player is in it below the top, their own line.
func (h *Hub) arenaMessage(ctx context.Context, a arena.Arena, player string) (wire.ArenaMessage, *wire.ArenaYou, error) {
	now, err := h.cfg.Arenas.Now(ctx)
	if err != nil {
		return wire.ArenaMessage{}, nil, err
	}
	players, err := h.cfg.Arenas.Players(ctx, a.ID)
	if err != nil {
		return wire.ArenaMessage{}, nil, err
	}
	msg, st := arenaFrame(a, now, players)
	for i, s := range st {
		if s.Player == player && i >= wire.ArenaTop {
			you := &wire.ArenaYou{Type: wire.TypeArenaYou, Arena: a.ID, Rank: s.Rank, Points: s.Points, Races: s.Races,
				Streak: s.Streak, Fire: s.Fire, Withdrawn: s.Withdrawn}
			for _, p := range players {
				if p.ID == player {
					you.Paused = p.Paused
				}
			}
			return msg, you, nil
		}
	}
	return msg, nil, nil
}

// arenaFrame returns the arena message of the arena's players and their
// whole standings.
func arenaFrame(a arena.Arena, now time.Time, players []arena.Player) (wire.ArenaMessage, []arena.Standing) {
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
	return msg, st
}

func wireArena(a arena.Arena) wire.ArenaInfo {
	return wire.ArenaInfo{ID: a.ID, Name: a.Name, Profile: a.Profile, Start: a.Start, End: a.End(),
		DurationMS: a.Duration.Milliseconds(), RaceSize: a.RaceSize, Rated: a.Rated, Host: a.Host, Private: a.Private,
		Schedule: wire.ScheduleOf(a.Every)}
}
