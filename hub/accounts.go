package hub

import (
	"context"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub/session"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
)

// Accounts is what the hub asks of player accounts (package account,
// wired by cmd/racer): the hello of a signed-in player carries a ticket
// instead of a guest token.
type Accounts interface {
	// Ticket returns the account's player ID and username for a
	// ticket; ok is false when the ticket is refused (forged, expired,
	// used before, its session ended), err when the accounts cannot be
	// read. A ticket is good once, on any node.
	Ticket(ctx context.Context, ticket string) (player, name string, ok bool, err error)
	// Claimed reports whether a guest's player ID now belongs to an
	// account (or to a deleted one): its guest tokens are refused.
	Claimed(ctx context.Context, player string) (bool, error)
}

func init() {
	sentences[wire.CodeBadTicket] = "The sign-in ticket is not valid (forged, expired or used); get a new one."
	sentences[wire.CodeAccountPlayer] = "This player has an account: sign in to play as them."
	sentences[wire.CodeAccountRequired] = "Only players signed in with an account may do that: rated play belongs to accounts."
	sentences[wire.CodeAccountsUnavailable] = "This server has no accounts."
}

// racer returns the connection's player as a racer: marked an account
// when they said hello with a ticket.
func (c *conn) racer() match.Racer {
	c.mu.Lock()
	defer c.mu.Unlock()
	return match.Racer{ID: c.id.Player, Name: c.id.Name, Account: c.account}
}

// isAccount reports whether the connection's player signed in with an
// account.
func (c *conn) isAccount() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.account
}

// mayRate reports whether the player may take part in rated play: an
// account, or anyone on a server that rates guests (Config.RateGuests).
func (c *conn) mayRate() bool { return c.h.cfg.RateGuests || c.isAccount() }

// decideRated marks r unrated unless every racer is signed in with an
// account (Config.RateGuests: every person) and no two of its accounts
// are linked (linkedRace) and none is marked (markedRace): a race with a
// guest in it is casual, linked accounts never rate each other, and a
// marked account plays casual only. An arena's racers joined a
// rated arena only as accounts (handleArena), so a rated arena's race
// stays rated unless two of them are linked; a bot is never an account,
// so a race with a bot is unrated.
func (h *Hub) decideRated(r *match.Race) {
	if r.Arena != "" {
		if !r.Unrated {
			for i := range r.Racers {
				r.Racers[i].Account = !IsBot(r.Racers[i].ID)
			}
		}
	}
	if r.Unrated {
		return
	}
	if !h.cfg.RateGuests {
		for _, p := range r.Racers {
			if !p.Account {
				r.Unrated = true
				return
			}
		}
	}
	if markedRace(h.ctx, h.cfg.Accounts, r, h.log) || h.linkedRace(r) {
		r.Unrated = true
	}
}

// ratedRace reports whether r changes ratings when it ends (what
// match/results decides): not unrated, not a daily challenge, no bot.
func ratedRace(r match.Race) bool {
	if r.Unrated || daily.IsRace(r.ID) {
		return false
	}
	for _, p := range r.Racers {
		if IsBot(p.ID) {
			return false
		}
	}
	return true
}

// helloTicket verifies a hello's ticket and returns the account's
// identity; on a refusal it tells the client and returns false.
func (c *conn) helloTicket(ticket string) (session.Identity, bool) {
	if c.h.cfg.Accounts == nil {
		c.sendError(wire.CodeAccountsUnavailable, sentences[wire.CodeAccountsUnavailable], "", 0)
		return session.Identity{}, false
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	player, name, ok, err := c.h.cfg.Accounts.Ticket(ctx, ticket)
	switch {
	case err != nil:
		c.h.log.Warn("verifying a ticket", "err", err)
		c.sendError(wire.CodeUnavailable, sentences[wire.CodeUnavailable], "", 0)
		return session.Identity{}, false
	case !ok:
		c.sendError(wire.CodeBadTicket, sentences[wire.CodeBadTicket], "", 0)
		return session.Identity{}, false
	}
	return session.Identity{Player: player, Name: name, Issued: time.Now().Unix()}, true
}

// guestUnclaimed reports whether a guest's player is still a guest's; a
// player who now has an account gets account_player (their old guest
// token must not play as the account).
func (c *conn) guestUnclaimed(player string) bool {
	if c.h.cfg.Accounts == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	claimed, err := c.h.cfg.Accounts.Claimed(ctx, player)
	switch {
	case err != nil:
		c.h.log.Warn("checking a guest's player", "err", err)
		c.sendError(wire.CodeUnavailable, sentences[wire.CodeUnavailable], "", 0)
		return false
	case claimed:
		c.sendError(wire.CodeAccountPlayer, sentences[wire.CodeAccountPlayer], "", 0)
		return false
	}
	return true
}

// GuestPlayer returns the player ID of a guest's token signed by this
// hub's secret: a guest who signs up keeps it (account.Config.Guest).
func (h *Hub) GuestPlayer(token string) (string, error) {
	id, err := h.signer.Verify(token)
	if err != nil {
		return "", err
	}
	return id.Player, nil
}

// casualSuffix marks the lobby key of a profile's casual queue.
const casualSuffix = "~casual"

// queueKey is the lobby queue a player joins for profile: accounts wait
// in the rated queue (the profile's name), guests and whoever asks for
// it in the casual one (profile~casual), so that an account is paired
// with an account and races rated, and a casual player with a casual
// one, unrated (startQuick). A server that rates guests
// (Config.RateGuests) puts them in the rated queue too.
func (lb *lobbyState) queueKey(profile string, casual bool) string {
	c := lb.c
	if !casual && (c.h.cfg.RateGuests || c.isAccount()) {
		return profile
	}
	return profile + casualSuffix
}

// casualQueue reports whether a lobby queue key is a casual queue's.
func casualQueue(key string) bool { return strings.HasSuffix(key, casualSuffix) }

// profileOf is the profile of a lobby queue key.
func profileOf(key string) string { return strings.TrimSuffix(key, casualSuffix) }
