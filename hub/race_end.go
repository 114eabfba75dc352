package hub

import (
	"context"
	"encoding/json"
	"iter"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// checkEnd starts the finish when this node's boards say the race is over.
// The finish itself decides from the store.
func (lr *liveRace) checkEnd() {
	lr.mu.Lock()
	if lr.ended || lr.finishing {
		lr.mu.Unlock()
		return
	}
	_, over := lr.m.Over(lr.storeNow())
	if over {
		lr.finishing = true
	}
	lr.mu.Unlock()
	if over {
		go lr.finish()
	}
}

// finish ranks the race from the store's snapshot and clock, writes the
// result once (the store keeps the first), and publishes it. Any node may
// do this; all get the same stored result.
func (lr *liveRace) finish() {
	h := lr.h
	ctx, cancel := context.WithTimeout(h.ctx, 10*time.Second)
	defer cancel()
	retry := func(err error) {
		if err != nil {
			h.log.Warn("finishing race", "race", lr.id, "err", err)
		}
		lr.mu.Lock()
		lr.finishing = false
		lr.mu.Unlock()
		time.AfterFunc(250*time.Millisecond, lr.kickEnd)
	}
	snap, err := h.cfg.Store.Load(ctx, lr.id)
	if err != nil {
		retry(err)
		return
	}
	res := snap.Result
	if res == nil {
		now, err := h.cfg.Store.Now(ctx)
		if err != nil {
			retry(err)
			return
		}
		r, over, err := match.Rank(snap, now, h.opts)
		if err != nil || !over {
			retry(err)
			return
		}
		stored, first, err := h.cfg.Store.Finish(ctx, lr.id, r)
		if err != nil {
			retry(err)
			return
		}
		if first {
			h.met.racesFinished.WithLabelValues(stored.Reason).Inc()
			h.log.Info("race finished", "race", lr.id, "reason", stored.Reason, "winner", stored.Standings[0].Player)
		}
		res = &stored
	}
	if snap.Race.Arena != "" {
		h.arenas.record(ctx, snap.Race.Arena, *res)
	}
	var ratings *scoreboard.Ratings
	if h.cfg.OnFinish != nil {
		snap.Result = res
		ratings = h.cfg.OnFinish(ctx, snap)
	}
	b, _ := json.Marshal(event{Kind: evEnd, Result: res})
	if err := h.cfg.Broker.Publish(ctx, raceChannel(lr.id), b); err != nil {
		h.log.Warn("publishing result", "race", lr.id, "err", err)
	}
	lr.mu.Lock()
	lr.endLocked(*res)
	lr.mu.Unlock()
	if ratings == nil {
		return
	}
	// Only the node whose OnFinish recorded the ratings knows them: it
	// tells the others.
	b, _ = json.Marshal(event{Kind: evRatings, Ratings: ratings})
	if err := h.cfg.Broker.Publish(ctx, raceChannel(lr.id), b); err != nil {
		h.log.Warn("publishing ratings", "race", lr.id, "err", err)
	}
	lr.mu.Lock()
	lr.ratingsLocked(*ratings)
	lr.mu.Unlock()
}

// endLocked records the result and sends it, with the reveal, to every
// local racer and spectator; spectators also get every final board.
func (lr *liveRace) endLocked(res match.Result) {
	if lr.ended {
		return
	}
	lr.ended = true
	lr.m.SetResult(res)
	r := lr.race
	msg := wire.RaceEnd{Type: wire.TypeRaceEnd, Race: lr.id, Result: res, Reveal: reveal(lr.h.cfg.Games, r, lr.storeNow())}
	lr.endFrame, _ = json.Marshal(msg)
	for c := range lr.feed.endConnsLocked() {
		if _, ok := lr.feed.spectators[c]; ok {
			lr.feed.sendFinalBoardsLocked(c)
		}
		c.enqueue(lr.endFrame)
		if lr.ratingsFrame != nil {
			c.enqueue(lr.ratingsFrame)
		}
	}
}

// ratingsLocked records what the race did to the ratings and sends it to
// every local racer and spectator once the race has ended here (endLocked
// sends it otherwise).
func (lr *liveRace) ratingsLocked(r scoreboard.Ratings) {
	if lr.ratingsFrame != nil {
		return
	}
	lr.ratingsFrame, _ = json.Marshal(wire.RaceRatings{Type: wire.TypeRatings, Ratings: r})
	if !lr.ended {
		return
	}
	for c := range lr.feed.endConnsLocked() {
		c.enqueue(lr.ratingsFrame)
	}
}

// endConnsLocked yields every local connection of the race once: its
// racers' and its spectators' (a racer whose game is over may also
// watch).
func (f *raceFeed) endConnsLocked() iter.Seq[*conn] {
	return func(yield func(*conn) bool) {
		for _, cs := range f.racers {
			for c := range cs {
				if !yield(c) {
					return
				}
			}
		}
		for c := range f.spectators {
			if f.racerConnLocked(c) {
				continue
			}
			if !yield(c) {
				return
			}
		}
	}
}

// racerConnLocked reports whether c is one of the race's racers'
// connections.
func (f *raceFeed) racerConnLocked(c *conn) bool {
	for _, cs := range f.racers {
		if _, ok := cs[c]; ok {
			return true
		}
	}
	return false
}

func (f *raceFeed) sendFinalBoardsLocked(c *conn) {
	lr := f.lr
	for _, racer := range lr.race.Racers {
		c.sendJSON(wire.Board{Type: wire.TypeBoard, Race: lr.id, Racer: racer.ID, Seq: lr.m.Seq(racer.ID), View: viewOf(lr.m, racer.ID)})
	}
}
