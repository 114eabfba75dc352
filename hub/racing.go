package hub

import (
	"context"
	"errors"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// racing is a connection's part in races: its seats in the races its
// player races, the races it watches, and the move path's state. c.mu
// guards seats, attaching and watching; the reader goroutine owns the
// rest. Its methods live here and in move.go (the move path), racer.go
// (taking a seat), spectate.go (watching) and daily.go.
type racing struct {
	c *conn

	seats map[string]*seat // made at the first seat
	// attaching marks races being attached, so that a resume and a start
	// event never join one race twice.
	attaching map[string]bool
	watching  map[string]*liveRace // made at the first race watched

	mctx *moveCtx // the moves' store calls; made at the first move
	// scratch is a board of the game variant scratchOf (a profile) for
	// the stuck search of a move (scratchFor).
	scratch   game.Board
	scratchOf string
	// push lists the connections whose write a move of this connection
	// took, to push after the move's apply (pushTaken).
	push []*conn
}

// seat is a connection's place in a race it races.
type seat struct {
	lr    *liveRace
	epoch uint64
}

// seatedLocked reports whether the connection is seated in race or being
// seated there. c.mu is held.
func (rc *racing) seatedLocked(race string) bool {
	_, seated := rc.seats[race]
	return seated || rc.attaching[race]
}

// ownLiveRaces reads the player's own unfinished races (Store.LiveFor, not
// every live race); on an error it tells the client and returns none.
func (rc *racing) ownLiveRaces() []match.Race {
	c := rc.c
	id, _ := c.identity()
	// Under the hub's context, not the connection's: a child of the
	// connection's would leave it a list of children and a Done channel
	// for the connection's life. A connection that ends meanwhile is
	// seated nowhere (attachRacer checks its context).
	ctx, cancel := context.WithTimeout(c.h.ctx, 10*time.Second)
	defer cancel()
	races, err := c.h.cfg.Store.LiveFor(ctx, id.Player)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			c.sendErr(err, "", 0)
		}
		return nil
	}
	return races
}

// resumeAll attaches the connection to every race of races (the player's
// live races when its hello was handled) that it is not seated in
// already: a reconnect on any node resumes them.
func (rc *racing) resumeAll(races []match.Race) {
	c := rc.c
	id, _ := c.identity()
	counted := false
	for _, r := range races {
		if r.HasRacer(id.Player) {
			c.mu.Lock()
			seated := rc.seatedLocked(r.ID)
			c.mu.Unlock()
			if seated {
				// Seated by pairing on this connection after its hello:
				// not a race to resume.
				continue
			}
			if !counted {
				c.h.met.reconnects.Inc()
				counted = true
			}
			rc.attachRacer(r.ID, true)
		}
	}
}
