package hub

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// handleQueue puts the player in a quick-race queue, or pairs them with
// the player waiting there: a race on one new seed starts for both.
// botLevel is the level of the bot offered if nobody comes (one of
// wire.BotLevels, "" for the node's): any other is refused first, the
// player's queue unchanged.
func (lb *lobbyState) handleQueue(profile string, casual bool, botLevel string) {
	c := lb.c
	if botLevel != "" && !slices.Contains(wire.BotLevels, botLevel) {
		c.sendError(wire.CodeBadRequest, "unknown bot level "+quoteShort(botLevel)+" (known: "+strings.Join(wire.BotLevels, ", ")+")", "", 0)
		return
	}
	if profile == "" {
		profile = c.h.cfg.Games.Default().DefaultProfile()
	}
	if !c.h.validProfile(profile) {
		c.sendError(wire.CodeUnknownProfile, "unknown profile "+quoteShort(profile), "", 0)
		return
	}
	id, _ := c.identity()
	c.mu.Lock()
	queued, starts := lb.queued, lb.starts
	c.mu.Unlock()
	if queued != "" {
		c.sendError(wire.CodeAlreadyQueued, "already waiting in the "+profileOf(queued)+" queue", "", 0)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	me := c.racer()
	// A marked account waits in the casual queue, as a guest does.
	key := lb.queueKey(profile, casual || c.casualOnlyOrNot(ctx))
	partner, paired, err := c.h.cfg.Lobby.Enqueue(ctx, key, me, c.h.cfg.QueueTTL)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if !paired {
		if !lb.setQueuedUnlessStarted(key, starts) {
			// A race's start event reached the connection while Enqueue
			// ran: another node paired the player at once (the entry is
			// gone), or another race of theirs began (the entry must go,
			// or nobody would renew it and it would be paired as a
			// ghost until it expired).
			_, _ = c.h.cfg.Lobby.Dequeue(ctx, key, id.Player)
			return
		}
		c.mu.Lock()
		lb.botLevel = botLevel
		c.mu.Unlock()
		c.sendJSON(wire.Queued{Type: wire.TypeQueued, Profile: profile})
		lb.armBot(key)
		return
	}
	race, err := c.h.startPaired(ctx, key, partner, me)
	switch {
	case errors.Is(err, errUnannounced):
		// The race is stored but its start may not reach this connection:
		// it joins here (again is harmless).
		lb.started(race)
	case err != nil:
		c.sendErr(err, "", 0)
	}
}

// startPaired starts the quick race of partner, who waited in the queue
// profile (a lobby key: the profile, or its casual queue; queueKey), and me, who was just paired with them, and returns its ID. If
// the race cannot be stored, partner, who asked for nothing, is put back
// in the queue at once (their node still holds them as waiting and goes
// on renewing the entry; without it they would wait until two renewals
// missed it), and the error is returned for me. Should that put them with
// someone else waiting, their race is tried once; if it fails too, those
// two are queued again by their nodes' renewals. (If partner left
// meanwhile, the entry put back expires unrenewed, as a dead node's do.)
// A race stored whose start could not be announced (errUnannounced) is
// not put back so: partner's node finds it (joinMissedRace).
func (h *Hub) startPaired(ctx context.Context, profile string, partner, me match.Racer) (race string, err error) {
	race, err = h.startQuick(ctx, profile, partner, me)
	if err == nil || errors.Is(err, errUnannounced) {
		return race, err
	}
	// Not ctx: its deadline may be what failed the start.
	bctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	other, paired, qerr := h.cfg.Lobby.Enqueue(bctx, profile, partner, h.cfg.QueueTTL)
	switch {
	case qerr != nil:
		h.log.Warn("queueing again a player whose race could not start", "player", partner.ID, "profile", profile, "err", qerr)
	case paired:
		if _, serr := h.startQuick(bctx, profile, other, partner); serr != nil {
			h.log.Warn("starting a race after one could not start", "players", []string{other.ID, partner.ID}, "profile", profile, "err", serr)
		}
	}
	return race, err
}

// startQuick starts a quick race on one new seed for partner, who waited
// in profile's queue (a lobby key), and me, who was just paired with
// them, and returns its ID. A casual queue's race is unrated, whoever
// races it.
func (h *Hub) startQuick(ctx context.Context, profile string, partner, me match.Racer) (string, error) {
	r := match.Race{ID: newID(), Profile: profileOf(profile), Racers: []match.Racer{partner, me},
		Countdown: h.cfg.Countdown, TimeLimit: h.cfg.TimeLimit, SpectatorDelay: h.cfg.SpectatorDelay,
		Unrated: casualQueue(profile)}
	return r.ID, h.startRace(ctx, &r, "quick")
}

func (lb *lobbyState) handleUnqueue() {
	c := lb.c
	id, _ := c.identity()
	profile := lb.clearQueued("", false)
	if profile == "" {
		c.sendError(wire.CodeBadRequest, "not in a queue", "", 0)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
	defer cancel()
	if _, err := c.h.cfg.Lobby.Dequeue(ctx, profile, id.Player); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(wire.Queued{Type: wire.TypeUnqueued, Profile: profileOf(profile)})
}

// startRace deals r, stores it and tells each racer, on whatever node, to
// join it.
func (h *Hub) startRace(ctx context.Context, r *match.Race, kind string) error {
	if err := match.DealRace(ctx, h.cfg.Dealer, r); err != nil {
		return err
	}
	return h.createRace(ctx, r, kind)
}

// createRace stores the dealt race r and tells each racer to join it.
func (h *Hub) createRace(ctx context.Context, r *match.Race, kind string) error {
	h.decideRated(r)
	stored, err := h.cfg.Store.CreateRace(ctx, *r)
	if err != nil {
		return err
	}
	*r = stored
	h.met.racesCreated.WithLabelValues(kind).Inc()
	h.log.Info("race created", "race", r.ID, "kind", kind, "profile", r.Profile, "racers", len(r.Racers), "solver_checked", r.SolverChecked)
	b, _ := json.Marshal(event{Kind: evStart, Race: r.ID})
	for _, p := range r.Racers {
		if err := h.cfg.Broker.Publish(ctx, playerChannel(p.ID), b); err != nil {
			return fmt.Errorf("%w: %w", errUnannounced, err)
		}
	}
	return nil
}

// errUnannounced wraps the error of a race that was stored but whose
// start could not be published to every racer: the race exists, and a
// waiting racer's node finds it among the racer's live races
// (joinMissedRace), so the racers are not queued again.
var errUnannounced = errors.New("race stored, its start not announced")

// roomAlphabet avoids letters and digits that read alike (0 O, 1 I L).
const roomAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

func newRoomCode() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	for i := range b {
		b[i] = roomAlphabet[int(b[i])%len(roomAlphabet)]
	}
	return string(b[:])
}

func (lb *lobbyState) handleRoomCreate(m *wire.ClientMessage) {
	c := lb.c
	profile := m.Profile
	if profile == "" {
		profile = c.h.cfg.Games.Default().DefaultProfile()
	}
	if !c.h.validProfile(profile) {
		c.sendError(wire.CodeUnknownProfile, "unknown profile "+quoteShort(profile), "", 0)
		return
	}
	h := c.h
	max := m.Max
	if max == 0 {
		max = lobby.MaxRoomSize
	}
	limit := time.Duration(m.TimeLimitMS) * time.Millisecond
	if limit == 0 {
		limit = h.cfg.TimeLimit
	}
	delay := time.Duration(m.SpectatorDelayMS) * time.Millisecond
	if m.SpectatorDelayMS == 0 {
		delay = h.cfg.SpectatorDelay
	}
	if max < lobby.MinRoomSize || max > lobby.MaxRoomSize || limit < 0 || limit > h.cfg.MaxTimeLimit || delay < 0 || delay > 10*time.Minute {
		c.sendError(wire.CodeBadRequest, "rooms take 2 to 8 players, a time limit up to the server's maximum and a spectator delay up to 10 minutes", "", 0)
		return
	}
	if lb.inRoom() {
		c.sendError(wire.CodeBadRequest, "leave your room first", "", 0)
		return
	}
	me := c.racer()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	var room lobby.Room
	var err error
	for range 5 {
		room, err = h.cfg.Lobby.CreateRoom(ctx, lobby.Room{Code: newRoomCode(), Host: me.ID, Profile: profile,
			Members: []match.Racer{me}, Max: max, TimeLimit: limit, SpectatorDelay: delay})
		if err == nil {
			break
		}
	}
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := lb.enterRoom(ctx, room.Code); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(wire.RoomMessage{Type: wire.TypeRoom, Room: wireRoom(room)})
}

func (lb *lobbyState) inRoom() bool {
	c := lb.c
	c.mu.Lock()
	defer c.mu.Unlock()
	return lb.room != ""
}

// enterRoom subscribes the connection to the room's channel.
func (lb *lobbyState) enterRoom(ctx context.Context, code string) error {
	c := lb.c
	cancel, err := c.h.cfg.Broker.Subscribe(c.ctx, roomChannel(code), lb.onRoomEvent)
	if err != nil {
		return err
	}
	c.mu.Lock()
	old := lb.roomSub
	lb.room, lb.roomSub = code, cancel
	c.mu.Unlock()
	if old != nil {
		old()
	}
	return nil
}

func roomChannel(code string) string { return "room:" + code }

func (lb *lobbyState) onRoomEvent(b []byte) {
	c := lb.c
	var ev event
	if json.Unmarshal(b, &ev) != nil || ev.Kind != evRoom || ev.Room == nil {
		return
	}
	c.sendJSON(wire.RoomMessage{Type: wire.TypeRoom, Room: wireRoom(*ev.Room)})
}

func (h *Hub) publishRoom(ctx context.Context, r lobby.Room) {
	b, _ := json.Marshal(event{Kind: evRoom, Room: &r})
	if err := h.cfg.Broker.Publish(ctx, roomChannel(r.Code), b); err != nil {
		h.log.Warn("publishing room", "room", r.Code, "err", err)
	}
}

func (lb *lobbyState) handleRoomJoin(code string) {
	c := lb.c
	if code == "" || len(code) > 16 {
		c.sendError(wire.CodeBadRequest, "room_join needs a room code", "", 0)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	room, err := c.h.cfg.Lobby.JoinRoom(ctx, code, c.racer())
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := lb.enterRoom(ctx, code); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	c.h.publishRoom(ctx, room)
}

func (lb *lobbyState) handleRoomLeave() {
	c := lb.c
	id, _ := c.identity()
	c.mu.Lock()
	code, sub := lb.room, lb.roomSub
	lb.room, lb.roomSub = "", nil
	c.mu.Unlock()
	if code == "" {
		c.sendError(wire.CodeBadRequest, "not in a room", "", 0)
		return
	}
	sub()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	room, err := c.h.cfg.Lobby.LeaveRoom(ctx, code, id.Player)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if len(room.Members) > 0 {
		c.h.publishRoom(ctx, room)
		c.h.rematchAfterLeave(ctx, room)
	}
}

// handleRoomStart starts the room's first race, when the host asks. After
// a finished race it is the member's readiness for the next one, as a
// rematch is (roomRematch).
func (lb *lobbyState) handleRoomStart() {
	c := lb.c
	c.mu.Lock()
	code := lb.room
	c.mu.Unlock()
	if code == "" {
		c.sendError(wire.CodeBadRequest, "not in a room", "", 0)
		return
	}
	lb.startRoomRace(code)
}

func (lb *lobbyState) startRoomRace(code string) {
	c := lb.c
	h := c.h
	id, _ := c.identity()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	room, err := h.cfg.Lobby.Room(ctx, code)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if room.Race != "" {
		// A race the store does not know (its start failed) does not
		// hold the room: the host starts another.
		snap, err := h.cfg.Store.Load(ctx, room.Race)
		if err == nil && snap.Result == nil {
			c.sendError(wire.CodeRoomBusy, "the room's race is still running", room.Race, 0)
			return
		}
		if err == nil {
			lb.roomRematch(ctx, snap.Race, false)
			return
		}
	}
	if room.Host != id.Player {
		c.sendErr(lobby.ErrNotHost, "", 0)
		return
	}
	r := match.Race{ID: newID(), Profile: room.Profile, Room: room.Code, Racers: room.Members,
		Countdown: h.cfg.Countdown, TimeLimit: room.TimeLimit, SpectatorDelay: room.SpectatorDelay}
	room, err = h.cfg.Lobby.StartRoom(ctx, code, id.Player, room.Race, r.ID)
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	if err := h.startRace(ctx, &r, "room"); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	h.publishRoom(ctx, room)
}

// handleRematch votes for a rematch of a finished race. In a room it is
// the member's readiness for the next race, or with decline their no
// (roomRematch); in a quick race, when every racer has voted, a race on
// a new seed starts for them all.
func (lb *lobbyState) handleRematch(race string) {
	c := lb.c
	h := c.h
	id, _ := c.identity()
	if race == "" {
		c.sendError(wire.CodeBadRequest, "rematch needs a race", "", 0)
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	snap, err := h.cfg.Store.Load(ctx, race)
	if err != nil {
		c.sendErr(err, race, 0)
		return
	}
	if !snap.Race.HasRacer(id.Player) {
		c.sendError(wire.CodeNotInRace, "you did not race in that race", race, 0)
		return
	}
	if snap.Result == nil {
		c.sendError(wire.CodeRoomBusy, "the race is still running", race, 0)
		return
	}
	if snap.Race.Arena != "" {
		c.sendError(wire.CodeBadRequest, "arena races have no rematch: the arena pairs you again", race, 0)
		return
	}
	if snap.Race.Room != "" {
		lb.roomRematch(ctx, snap.Race, c.msg.Decline)
		return
	}
	if c.msg.Decline {
		c.sendError(wire.CodeBadRequest, "only a room's rematch can be declined: a quick race's offer lapses unanswered", race, 0)
		return
	}
	complete, err := h.cfg.Lobby.VoteRematch(ctx, race, id.Player, humans(snap.Race.Racers))
	if err != nil {
		c.sendErr(err, race, 0)
		return
	}
	b, _ := json.Marshal(event{Kind: evRematch, Racer: id.Player, Race: race})
	if err := h.cfg.Broker.Publish(ctx, raceChannel(race), b); err != nil {
		h.log.Warn("publishing rematch vote", "race", race, "err", err)
	}
	if !complete {
		return
	}
	// A casual race's rematch is casual too (startQuick).
	r := match.Race{ID: newID(), Profile: snap.Race.Profile, Racers: snap.Race.Racers,
		Countdown: h.cfg.Countdown, TimeLimit: snap.Race.TimeLimit, SpectatorDelay: snap.Race.SpectatorDelay,
		Unrated: snap.Race.Unrated}
	if err := h.startRace(ctx, &r, "rematch"); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	h.relaunchBots(r)
}
