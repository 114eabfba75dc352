package hub

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/match"
)

// LinkedAccounts is what an Accounts may also answer: the accounts
// linked to a player by evidence (a shared address or device, a sign-up
// from the other's session: package account's Linked). Linked accounts
// never rate each other (docs/RULES.md, "Fair play"): the rated queue
// keeps them apart, and a race they share anyway (a room, an arena) is
// unrated. No frame says why.
type LinkedAccounts interface {
	// Linked returns the player IDs of the accounts linked to player's.
	Linked(ctx context.Context, player string) ([]string, error)
}

// apartLobby is the hub's lobby when its accounts tell links: an account
// queued for a rated race is kept apart from the accounts linked to it
// (lobby.Apart). Every Enqueue goes through it: a player's first, the
// renewals of a lost entry, a partner put back.
type apartLobby struct {
	lobby.Lobby
	apart lobby.Apart
	links LinkedAccounts
	log   *slog.Logger
}

// keepLinkedApart returns l, kept apart by acc's links when acc tells
// them and l can keep players apart.
func keepLinkedApart(l lobby.Lobby, acc Accounts, log *slog.Logger) lobby.Lobby {
	links, ok := acc.(LinkedAccounts)
	if !ok {
		return l
	}
	if _, wrapped := l.(apartLobby); wrapped {
		return l
	}
	apart, ok := l.(lobby.Apart)
	if !ok {
		log.Warn("the lobby cannot keep linked accounts apart: their races are unrated instead")
		return l
	}
	return apartLobby{Lobby: l, apart: apart, links: links, log: log}
}

// Enqueue implements lobby.Lobby: an account in a rated queue meets no
// account linked to it. Should the links be unreadable the player is
// queued anyway: the race's start (decideRated) asks again.
func (l apartLobby) Enqueue(ctx context.Context, profile string, p match.Racer, ttl time.Duration) (match.Racer, bool, error) {
	if !p.Account || strings.HasSuffix(profile, casualSuffix) {
		return l.Lobby.Enqueue(ctx, profile, p, ttl)
	}
	linked, err := l.links.Linked(ctx, p.ID)
	if err != nil {
		l.log.Warn("reading an account's links to queue it", "player", p.ID, "err", err)
	}
	return l.apart.EnqueueApart(ctx, profile, p, ttl, linked)
}

// linkedRace reports whether two accounts racing in r are linked: r is
// unrated then. Accounts whose links cannot be read count as linked (a
// race left unrated can be raced again; a farmed rating stays).
func (h *Hub) linkedRace(r *match.Race) bool {
	links, ok := h.cfg.Accounts.(LinkedAccounts)
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(h.ctx, 5*time.Second)
	defer cancel()
	for i, p := range r.Racers {
		if !p.Account || IsBot(p.ID) || i == len(r.Racers)-1 {
			continue
		}
		linked, err := links.Linked(ctx, p.ID)
		if err != nil {
			h.log.Warn("reading an account's links: the race is unrated", "race", r.ID, "player", p.ID, "err", err)
			return true
		}
		for _, q := range r.Racers[i+1:] {
			if q.Account && slices.Contains(linked, q.ID) {
				h.log.Info("race unrated: linked accounts", "race", r.ID)
				return true
			}
		}
	}
	return false
}

// linkedFunc returns the accounts' Linked when they tell links (for the
// arena runner's pairing), nil otherwise.
func (h *Hub) linkedFunc() func(ctx context.Context, player string) ([]string, error) {
	links, ok := h.cfg.Accounts.(LinkedAccounts)
	if !ok {
		return nil
	}
	return links.Linked
}
