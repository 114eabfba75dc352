package main

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
)

// ackRing remembers when a racer's recent moves were acknowledged, by
// sequence number modulo its size, so that spectators can time progress
// events. It is safe for concurrent use.
type ackRing struct {
	seq [256]atomic.Uint64
	at  [256]atomic.Int64
}

func (r *ackRing) put(seq uint64, at time.Time) {
	i := seq % uint64(len(r.seq))
	r.at[i].Store(at.UnixNano())
	r.seq[i].Store(seq)
}

// reset forgets every acknowledgement, for the racer's next race.
func (r *ackRing) reset() {
	for i := range r.seq {
		r.seq[i].Store(0)
		r.at[i].Store(0)
	}
}

// What a ring knows of a sequence number's acknowledgement.
const (
	ackUnknown = iota // forgotten, or of another race of the racer's
	ackKnown          // acknowledged at the time get returns
	ackPending        // not acknowledged yet: the slot holds an older one
)

// get returns when seq was acknowledged, or that it was not yet. A
// spectator's progress event can beat the racer's own acknowledgement
// (the racer's bot reads its acks through one more goroutine), so events
// of pending moves are normal, and often all of a run's events at a
// steady pace.
func (r *ackRing) get(seq uint64) (int64, int) {
	i := seq % uint64(len(r.seq))
	s := r.seq[i].Load() // before at: put stores at first
	at := r.at[i].Load()
	switch {
	case s == seq && at != 0:
		return at, ackKnown
	case s < seq:
		return 0, ackPending
	}
	return 0, ackUnknown
}

// ackBook maps racers (player IDs) to their rings.
type ackBook struct {
	mu    sync.Mutex
	rings map[string]*ackRing
}

func (b *ackBook) ring(player string) *ackRing {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.rings == nil {
		b.rings = map[string]*ackRing{}
	}
	r := b.rings[player]
	if r == nil {
		r = &ackRing{}
		b.rings[player] = r
	}
	return r
}

func (b *ackBook) lookup(player string) *ackRing {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.rings[player]
}

// watcherSession is a spectator of race mode: it lists the live races,
// watches one (chosen by its index), times each progress event against
// the move's acknowledgement when the racer is one of this process's,
// and moves on to another race when that one ends.
func watcherSession(sp *spec, rc *raceConfig, book *ackBook) session {
	return func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error {
		record := func(frame []byte) {
			recv := time.Now()
			racer, seq, ok := progressOf(frame)
			if !ok || !m.rec.Load() {
				return
			}
			if r := book.lookup(racer); r != nil {
				switch at, st := r.get(seq); st {
				case ackKnown:
					m.fan.Record(max(recv.Sub(time.Unix(0, at)), 0))
				case ackPending: // the event beat the acknowledgement: 0, as in spectate mode
					m.fan.Record(0)
				}
			}
		}
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		c, err := client.Dial(dctx, sp.target, client.Options{Queue: rc.queue, Record: record})
		if err != nil {
			return withCode("dial", err)
		}
		defer c.Drop()
		if _, err := c.Hello(dctx, "watcher-"+itoa(sp.worker)+"-"+itoa(i), ""); err != nil {
			return withCode("hello", err)
		}
		ready()
		select {
		case <-start:
		case <-ctx.Done():
			return nil
		}
		for ctx.Err() == nil {
			race, err := pickRace(ctx, c, i)
			if err != nil {
				return err
			}
			if race == "" {
				sleepCtx(ctx, 200*time.Millisecond)
				continue
			}
			if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeWatch, Race: race}); err != nil {
				return withCode("send", err)
			}
			if _, err := c.WaitEnd(ctx, race); err != nil && ctx.Err() == nil {
				return withCode("watch", err)
			}
		}
		return nil
	}
}

// pickRace lists the live races and returns the i-th (modulo their
// number), or "" when there are none.
func pickRace(ctx context.Context, c *client.Client, i int) (string, error) {
	if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeListRaces}); err != nil {
		return "", withCode("send", err)
	}
	msg, err := c.WaitType(ctx, wire.TypeRaces)
	if err != nil {
		return "", withCode("list", err)
	}
	var rs wire.Races
	if err := msg.Decode(&rs); err != nil || len(rs.Races) == 0 {
		return "", nil
	}
	return rs.Races[i%len(rs.Races)].ID, nil
}
