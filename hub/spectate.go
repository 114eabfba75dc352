package hub

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
)

// delayedLocked returns the board spectators may see of racer now: after
// the latest log entry stored at least the race's spectator delay ago.
// The entries it plays onto the delayed board are dropped.
func (f *raceFeed) delayedLocked(racer string, now time.Time) delayedBoard {
	lr := f.lr
	h := f.hist[racer]
	d := f.delayed[racer]
	cutoff := now.Add(-lr.race.SpectatorDelay).UnixNano()
	i := 0
	for ; i < len(h) && h[i].at <= cutoff; i++ {
		if err := match.Play(d.pos, h[i].action); err != nil {
			// The match accepted the entry on the same board: a bug.
			lr.h.log.Error("spectators' board", "race", lr.id, "racer", racer, "seq", h[i].seq, "err", err)
		}
		d.seq = h[i].seq
	}
	if i > 0 {
		// Compact in place: reslicing from the front would shrink the
		// capacity and make the next append copy the whole history to a
		// new array.
		n := copy(h, h[i:])
		clear(h[n:])
		f.hist[racer] = h[:n]
	}
	return *d
}

// tickBoards sends spectators each board that has become old enough.
func (f *raceFeed) tickBoards() {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.ended {
		return
	}
	now := lr.storeNow()
	for _, r := range lr.race.Racers {
		e := f.delayedLocked(r.ID, now)
		if len(f.spectators) == 0 || f.shown[r.ID] == e.seq {
			f.shown[r.ID] = e.seq
			continue
		}
		f.shown[r.ID] = e.seq
		b, err := json.Marshal(wire.Board{Type: wire.TypeBoard, Race: lr.id, Racer: r.ID, Seq: e.seq, View: boardView(lr.m, e.pos)})
		if err != nil {
			continue
		}
		for c := range f.spectators {
			c.enqueue(b)
		}
	}
}

// addSpectator adds c and sends it the race as a spectator sees it.
func (f *raceFeed) addSpectator(c *conn) {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	f.spectators[c] = struct{}{}
	lr.kickEnd() // the loop ticks at the spectators' period
	now := lr.storeNow()
	msg := wire.Watching{Type: wire.TypeWatching, Race: raceInfo(lr.h.cfg.Games, lr.race), Phase: string(lr.m.Phase(now)), Now: now,
		Progress: f.allProgressLocked(), Boards: make([]wire.Board, 0, len(lr.race.Racers))}
	if !lr.ended {
		for _, r := range lr.race.Racers {
			e := f.delayedLocked(r.ID, now)
			msg.Boards = append(msg.Boards, wire.Board{Race: lr.id, Racer: r.ID, Seq: e.seq, View: boardView(lr.m, e.pos)})
		}
	}
	c.sendJSON(msg)
	if lr.ended {
		f.sendFinalBoardsLocked(c)
		c.enqueue(lr.endFrame)
		if lr.ratingsFrame != nil {
			c.enqueue(lr.ratingsFrame)
		}
	}
}

func (f *raceFeed) removeSpectator(c *conn) {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	delete(f.spectators, c)
}

// handleWatch makes the connection a spectator of a race it does not race
// (a racer may watch their race once their own game or the race is over).
func (rc *racing) handleWatch(race string) {
	c := rc.c
	if race == "" {
		c.sendError(wire.CodeBadRequest, "watch needs a race", "", 0)
		return
	}
	if daily.IsRace(race) {
		c.sendError(wire.CodeDailyPrivate, "daily challenge races cannot be watched: everyone races the same deal today", race, 0)
		return
	}
	c.mu.Lock()
	_, already := rc.watching[race]
	c.mu.Unlock()
	if already {
		return
	}
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	lr, err := c.h.reg.acquireRace(ctx, race)
	if err != nil {
		c.sendErr(err, race, 0)
		return
	}
	player := c.player()
	lr.mu.Lock()
	own := lr.race.HasRacer(player) && !lr.ended
	if own {
		// A racer whose game is over (resigned, stuck) watches the rest
		// of the race like anyone: they can no longer play it.
		p, _ := lr.m.Progress(player)
		own = !p.Status.Done()
	}
	lr.mu.Unlock()
	if own {
		c.h.reg.releaseRace(lr)
		c.sendError(wire.CodeCannotWatchOwn, "racers cannot watch their own race while they still play it", race, 0)
		return
	}
	c.mu.Lock()
	if c.ctx.Err() != nil || rc.watching[race] != nil {
		c.mu.Unlock()
		c.h.reg.releaseRace(lr)
		return
	}
	if rc.watching == nil {
		rc.watching = make(map[string]*liveRace)
	}
	rc.watching[race] = lr
	c.mu.Unlock()
	c.setKind("spectator")
	lr.feed.addSpectator(c)
}

func (rc *racing) handleUnwatch(race string) {
	c := rc.c
	c.mu.Lock()
	lr := rc.watching[race]
	delete(rc.watching, race)
	c.mu.Unlock()
	if lr == nil {
		c.sendError(wire.CodeBadRequest, "not watching that race", race, 0)
		return
	}
	lr.feed.removeSpectator(c)
	c.h.reg.releaseRace(lr)
}

func (rc *racing) handleListRaces(m *wire.ClientMessage) {
	c := rc.c
	ctx, cancel := context.WithTimeout(c.ctx, 5*time.Second)
	defer cancel()
	page, err := c.h.liveRaces(ctx, m.Limit, m.Before)
	switch {
	case errors.Is(err, errBadListing):
		c.sendError(wire.CodeBadRequest, fmt.Sprintf("limit must be from 1 to %d, before a races message's next", RacesPage), "", 0)
		return
	case err != nil:
		c.sendErr(err, "", 0)
		return
	}
	c.sendJSON(wire.Races{Type: wire.TypeRaces, Races: page.races, Next: page.next, Playing: page.playing})
}
