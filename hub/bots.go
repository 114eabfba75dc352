package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"github.com/solitaire-race/racer/hub/session"
	"strings"
	"time"

	"github.com/solitaire-race/racer/match"
)

// BotIDPrefix starts the player ID of every bot the hub seats: a bot is
// labelled as such wherever its ID appears (roster, progress, standings),
// and its name starts with "Bot". Leaderboards never rate such IDs
// (match/leaderboard.IsBotID).
const BotIDPrefix = "bot:"

// IsBot reports whether player is a bot's ID.
func IsBot(player string) bool { return strings.HasPrefix(player, BotIDPrefix) }

// newBotIdentity returns a fresh bot player: "bot:" and 12 hex digits
// (16 characters, like a person's ID), named "Bot" and 4 of them.
func newBotIdentity(now time.Time) session.Identity {
	var b [6]byte
	_, _ = rand.Read(b[:])
	x := hex.EncodeToString(b[:])
	return session.Identity{Player: BotIDPrefix + x, Name: "Bot " + strings.ToUpper(x[:4]), Issued: now.Unix()}
}

// armBot offers the player queued for profile a bot after Config.BotAfter,
// if no person has been paired with them by then, in every game's queue
// (hub/bot plays every game's bot through the contract, game.Botter).
func (lb *lobbyState) armBot(profile string) {
	c := lb.c
	h := c.h
	if h.cfg.BotAfter <= 0 || h.cfg.LaunchBot == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if lb.botTimer != nil {
		lb.botTimer.Stop() // queued again: the wait starts anew
	}
	lb.botTimer = time.AfterFunc(h.cfg.BotAfter, func() { lb.offerBot(profile) })
}

// offerBot takes the player out of the queue (unless they left it or were
// paired meanwhile) and starts a race against a new bot, whom LaunchBot
// then plays.
func (lb *lobbyState) offerBot(profile string) {
	c := lb.c
	h := c.h
	c.mu.Lock()
	queued, level := lb.queued, lb.botLevel
	c.mu.Unlock()
	if queued != profile || c.ctx.Err() != nil {
		return
	}
	id, _ := c.identity()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	removed, err := h.cfg.Lobby.Dequeue(ctx, profile, id.Player)
	if err != nil {
		if c.ctx.Err() == nil {
			lb.armBot(profile) // the lobby is down: offer again later
		}
		return
	}
	if !removed {
		// Paired with a person meanwhile (their start event takes the
		// connection out of the queue), or the entry was lost: Run
		// queues the player again, and arms a new offer.
		return
	}
	lb.clearQueued(profile, true)
	bot := newBotIdentity(time.Now())
	named := level
	if named == "" {
		named = h.cfg.BotLevel
	}
	r := match.Race{ID: newID(), Profile: profileOf(profile), Racers: []match.Racer{c.racer(), {ID: bot.Player, Name: bot.Name, Bot: named}},
		Countdown: h.cfg.Countdown, TimeLimit: h.cfg.TimeLimit, SpectatorDelay: h.cfg.SpectatorDelay}
	if err := h.startRace(ctx, &r, "bot"); err != nil {
		c.sendErr(err, "", 0)
		return
	}
	h.log.Info("bot offered", "race", r.ID, "bot", bot.Player, "profile", r.Profile, "level", named)
	h.cfg.LaunchBot(h.ctx, h.signer.Sign(bot), r.Profile, level)
}
