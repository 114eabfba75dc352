package match

import (
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/match/game"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// Game is the name of a card game the server races (game.Game.Name,
// scoreboard.Game). A rule profile's name says which
// (game.Registry.GameOf): no two games share a profile name.
type Game = scoreboard.Game

// The names of the registered games (match/game/games).
const (
	GameKlondike = scoreboard.GameKlondike
	GameSpider   = scoreboard.GameSpider
)

// MaxOff is the most cards a racer can take off the table in any game: it
// sizes the times at which each count was reached.
const MaxOff = game.MaxCards

// ErrUnknownProfile reports a rule profile that is no game's. A match's
// errors for one are also the games' own (klondike.ErrUnknownProfile,
// spider.ErrUnknownProfile: errors.Is), through the registry
// (game.Registry.Lookup).
var ErrUnknownProfile = game.ErrUnknownProfile

// errNoGames is New's error when Options name no games.
var errNoGames = errors.New("match: Options.Games is nil: a match is given the games it races")

// Deal is a race's deal in deck order, of its game (Game): 52 cards for
// Klondike, 104 for Spider. Its text (String, MarshalText) is the cards
// separated by spaces, as "klondike verify" and "spider deal" print it;
// the text alone does not say its game (two games deal 52 cards), so a
// deal is read back by its game (game.Game.ParseDeal). It is secret
// until the race ends.
type Deal struct {
	game Game
	text string
}

// DealOf returns the deal of seed under v.
func DealOf(v game.Variant, seed uint64) Deal {
	return Deal{game: Game(v.Game().Name()), text: v.Deal(seed)}
}

// Game returns the deal's game ("" for the zero Deal).
func (d Deal) Game() Game { return d.game }

// String returns the cards in deck order, separated by spaces.
func (d Deal) String() string { return d.text }

// MarshalText implements encoding.TextMarshaler: the cards in deck order.
func (d Deal) MarshalText() ([]byte, error) {
	if d.game == "" {
		return nil, errors.New("match: the zero Deal has no text")
	}
	return []byte(d.text), nil
}

// status converts a board's status.
func status(s game.Status) Status {
	switch s {
	case game.Won:
		return StatusWon
	case game.Stuck:
		return StatusStuck
	}
	return StatusPlaying
}

// step is an action validated against a board, not yet applied: the
// racer's status after it, and whether it moves the board (the board
// holds the position after the move until Commit).
type step struct {
	status Status
	// moved is false for resign and finish, which leave the position.
	moved bool
}

// badAction is the error of an action that is not a move in notation.
func badAction(action string) error { return fmt.Errorf("%w: %q", ErrBadAction, action) }

// reachedTimes is when a board first had each number of cards off the
// table (index k ≥ 1), in Unix nanoseconds (0: not yet). Not time.Time:
// 105 of those per board held a pointer each (the location), all of it
// scanned by every garbage collection while the race is loaded.
type reachedTimes [MaxOff + 1]int64

// at returns when count k was first reached (zero if not yet), in UTC.
func (r *reachedTimes) at(k int) time.Time {
	if r[k] == 0 {
		return time.Time{}
	}
	return time.Unix(0, r[k]).UTC()
}
