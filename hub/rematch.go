package hub

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// A room's rematch is a readiness vote, as an offer is on lichess: a
// member's rematch (or room_start) after the room's race has finished
// says they are ready for the next one, and the room's members see who
// is (the room message's ready list); the next race starts, for every
// member, once each member who raced the last race and is still in the
// room is ready. A member may decline or withdraw (rematch with
// decline). Nobody is pulled into a race they did not agree to, so a
// racer's result view stays on screen until they choose.

// roomRematch records the word of the connection's player on the
// rematch of their room's finished race prev: ready, or not (decline).
// It answers errors to the client and changes nothing then.
func (lb *lobbyState) roomRematch(ctx context.Context, prev match.Race, decline bool) {
	c := lb.c
	h := c.h
	id, _ := c.identity()
	room, started, err := h.cfg.Lobby.RematchRoom(ctx, prev.Room, lobby.Rematch{
		Prev: prev.ID, Voters: racerIDs(prev.Racers), Next: newID(), Player: id.Player, Ready: !decline})
	switch {
	case errors.Is(err, lobby.ErrRoomStale):
		c.sendError(wire.CodeRoomBusy, "the room has started another race since that one", prev.ID, 0)
		return
	case errors.Is(err, lobby.ErrNotMember):
		c.sendError(wire.CodeBadRequest, "you have left that race's room", prev.ID, 0)
		return
	case err != nil:
		c.sendErr(err, prev.ID, 0)
		return
	}
	// A member whose page came back on a new connection hears the room
	// again from their first word on it.
	if !lb.inRoom() {
		if err := lb.enterRoom(ctx, room.Code); err != nil {
			h.log.Warn("entering a room for its rematch", "room", room.Code, "err", err)
		}
	}
	if !decline {
		// Clients that read only rematch_vote still see the offer.
		b, _ := json.Marshal(event{Kind: evRematch, Racer: id.Player, Race: prev.ID})
		if err := h.cfg.Broker.Publish(ctx, raceChannel(prev.ID), b); err != nil {
			h.log.Warn("publishing rematch vote", "race", prev.ID, "err", err)
		}
	}
	if err := h.rematchDecided(ctx, room, started); err != nil {
		c.sendErr(err, "", 0)
	}
}

// rematchAfterLeave starts the rematch of room, which a member just
// left, when the members still there are all ready: the one who left
// was the last it waited for.
func (h *Hub) rematchAfterLeave(ctx context.Context, room lobby.Room) {
	if room.Race == "" || len(room.Ready) == 0 || len(room.Members) < lobby.MinRoomSize {
		return
	}
	snap, err := h.cfg.Store.Load(ctx, room.Race)
	if err != nil || snap.Result == nil {
		return
	}
	room, started, err := h.cfg.Lobby.RematchRoom(ctx, room.Code, lobby.Rematch{
		Prev: room.Race, Voters: racerIDs(snap.Race.Racers), Next: newID()})
	if err == nil {
		err = h.rematchDecided(ctx, room, started)
	}
	if err != nil && !errors.Is(err, lobby.ErrRoomStale) && !errors.Is(err, lobby.ErrRoomNotFound) {
		h.log.Warn("starting a rematch after a member left", "room", room.Code, "err", err)
	}
}

// rematchDecided starts the room's next race when its rematch started
// (room.Race is then its ID), and tells the members the room's state.
func (h *Hub) rematchDecided(ctx context.Context, room lobby.Room, started bool) error {
	if started {
		r := match.Race{ID: room.Race, Profile: room.Profile, Room: room.Code, Racers: room.Members,
			Countdown: h.cfg.Countdown, TimeLimit: room.TimeLimit, SpectatorDelay: room.SpectatorDelay}
		if err := h.startRace(ctx, &r, "room"); err != nil {
			// The room names a race that may not exist: the host's
			// room_start starts one at once (startRoomRace).
			return err
		}
	}
	// Not ctx alone: the members must hear the room even when the start
	// took most of it.
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	h.publishRoom(pctx, room)
	return nil
}

// humans counts the racers who vote on a quick race's rematch: a bot
// accepts every rematch, so it does not vote.
func humans(racers []match.Racer) int {
	n := 0
	for _, r := range racers {
		if !IsBot(r.ID) {
			n++
		}
	}
	return n
}

// relaunchBots plays the bots of r, a rematch, as offerBot plays a new
// bot: each connects back with a token of its own identity.
func (h *Hub) relaunchBots(r match.Race) {
	if h.cfg.LaunchBot == nil {
		return
	}
	for _, p := range r.Racers {
		if IsBot(p.ID) {
			h.cfg.LaunchBot(h.ctx, h.signer.Sign(session.Identity{Player: p.ID, Name: p.Name, Issued: time.Now().Unix()}), r.Profile, p.Bot)
		}
	}
}

// racerIDs are the IDs of racers.
func racerIDs(racers []match.Racer) []string {
	ids := make([]string, len(racers))
	for i, r := range racers {
		ids[i] = r.ID
	}
	return ids
}
