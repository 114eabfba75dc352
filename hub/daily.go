package hub

import (
	"context"
	"encoding/hex"
	"errors"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game"
)

// handleDaily starts the player's one attempt at today's daily challenge
// of a profile: a race of one, on the day's deal.
func (rc *racing) handleDaily(profile string) {
	c := rc.c
	h := c.h
	if h.cfg.Daily == nil {
		c.sendError(wire.CodeDailyUnavailable, "this server has no daily challenge", "", 0)
		return
	}
	if profile == "" {
		profile = h.cfg.Games.Default().DefaultProfile()
	}
	if !h.validProfile(profile) {
		c.sendError(wire.CodeUnknownProfile, "unknown profile "+quoteShort(profile), "", 0)
		return
	}
	// The day's first attempt may wait for the solver to prove its deal.
	ctx, cancel := context.WithTimeout(c.ctx, time.Minute)
	defer cancel()
	// The racer keeps their account flag: a guest's win goes on no
	// daily board (daily.Service.OnBoard).
	r, err := h.cfg.Daily.Start(ctx, profile, c.racer())
	if errors.Is(err, daily.ErrAlreadyPlayed) {
		c.sendError(wire.CodeAlreadyPlayed, sentences[wire.CodeAlreadyPlayed], "", 0)
		return
	}
	if err != nil {
		c.sendErr(err, "", 0)
		return
	}
	r.Countdown, r.TimeLimit, r.SpectatorDelay = h.cfg.Countdown, h.cfg.TimeLimit, h.cfg.SpectatorDelay
	if err := h.createRace(ctx, &r, "daily"); err != nil {
		c.sendErr(err, "", 0)
	}
}

// markOffBoard marks info, r's, when r is a daily race whose win goes on
// no board (a guest's, on a server whose daily boards list accounts'
// wins only), with the note that says so.
func (h *Hub) markOffBoard(info *wire.RaceInfo, r match.Race) {
	if h.cfg.Daily == nil || len(r.Racers) != 1 || !daily.IsRace(r.ID) || h.cfg.Daily.OnBoard(r.Racers[0]) {
		return
	}
	info.OffBoard, info.BoardNote = true, wire.DailyOffBoardNote
}

// dailyRevealAt is when a race's deal may be revealed: for a daily race,
// the end of its UTC day (everyone races the same deal all day); for
// any other race, at once (the zero time).
func dailyRevealAt(raceID string) time.Time {
	_, day, ok := daily.ParseRaceID(raceID)
	if !ok {
		return time.Time{}
	}
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return time.Time{}
	}
	return d.AddDate(0, 0, 1)
}

// reveal is the reveal of r, a race of one of gs's games, sent at its
// end, as of now: a daily race's seed, nonce and deal are withheld until
// its day is over.
func reveal(gs *game.Registry, r match.Race, now time.Time) wire.Reveal {
	if at := dailyRevealAt(r.ID); !at.IsZero() && now.Before(at) {
		return wire.Reveal{Commitment: r.Commitment, Profile: r.Profile, Withheld: true, RevealAt: &at}
	}
	var deal string
	if v, err := gs.Lookup(r.Profile); err == nil { // a stored race's profile is known
		deal = match.DealOf(v, r.Seed).String()
	}
	return wire.Reveal{Commitment: r.Commitment, Seed: r.Seed, Profile: r.Profile, Nonce: hex.EncodeToString(r.Nonce),
		Deal: deal}
}
