package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"time"

	"github.com/solitaire-race/racer/hub/bot"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/scoreboard"
)

// raceConfig holds the flags of the race and spectate modes.
type raceConfig struct {
	profile string
	level   string
	lvl     bool // level was parsed
	bot     bot.Level
	queue   int
	// watchers is the number of spectators in race mode.
	watchers int
}

func (rc *raceConfig) addFlags(fs *flag.FlagSet, defLevel, defProfile string) {
	fs.StringVar(&rc.profile, "profile", defProfile, "rule profile of the races")
	fs.StringVar(&rc.level, "level", defLevel, "bot level: expert, strong, greedy or random (race mode)")
	fs.IntVar(&rc.queue, "client-queue", 256, "messages each client buffers")
}

func (rc *raceConfig) parse() error {
	l, err := bot.ParseLevel(rc.level)
	if err != nil {
		return err
	}
	rc.bot, rc.lvl = l, true
	return nil
}

// hello connects and says hello as a new player.
func hello(ctx context.Context, url, name string, queue int) (*client.Client, error) {
	dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	c, err := client.Dial(dctx, url, client.Options{Queue: queue})
	if err != nil {
		return nil, withCode("dial", err)
	}
	if _, err := c.Hello(dctx, name, ""); err != nil {
		c.Drop()
		return nil, withCode("hello", err)
	}
	return c, nil
}

// playerName is a valid display name for connection i of worker w.
func playerName(w, i int) string { return "load-" + strconv.Itoa(w) + "-" + strconv.Itoa(i) }

// raceSession is one bot racer: it queues for a quick race, plays it at
// the pace asked, and queues again, until the end of the run. The last
// rc.watchers sessions are spectators of the live races instead.
func raceSession(sp *spec, rc *raceConfig) (session, error) {
	if err := rc.parse(); err != nil {
		return nil, err
	}
	if rc.watchers < 0 || rc.watchers >= sp.conns {
		return nil, fmt.Errorf("-spectators must be below -conns (racers are the rest)")
	}
	book := &ackBook{}
	watch := watcherSession(sp, rc, book)
	racers := sp.conns - rc.watchers
	return func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error {
		if i >= racers {
			return watch(ctx, i, m, ready, start)
		}
		c, err := hello(ctx, sp.target, playerName(sp.worker, i), rc.queue)
		if err != nil {
			return err
		}
		var ring *ackRing
		defer c.Drop()
		ready()
		select {
		case <-start:
		case <-ctx.Done():
			return nil
		}
		p := newPacer(sp.pace, i)
		cfg := bot.RaceConfig{
			Bot: bot.Config{Level: rc.bot, Seed: uint64(i)},
			BeforeMove: func(ctx context.Context) error {
				if !p.wait(ctx) {
					return ctx.Err()
				}
				return nil
			},
			OnAck: func(seq uint64, sent, acked time.Time) {
				if ring != nil {
					ring.put(seq, acked)
				}
				m.op(acked.Sub(sent))
			},
			OnRefused: m.refused,
		}
		// Each race takes at least one move; the run's end stops the loop.
		for ctx.Err() == nil {
			if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: rc.profile}); err != nil {
				return withCode("send", err)
			}
			rm, err := c.WaitRace(ctx)
			if err != nil {
				return withCode("wait-race", err)
			}
			if ring != nil {
				ring.reset() // sequence numbers start again at 1
			} else if rc.watchers > 0 {
				for _, r := range rm.Race.Racers {
					if r.Name == playerName(sp.worker, i) {
						ring = book.ring(r.ID)
					}
				}
			}
			res, err := bot.Race(ctx, c, rm, cfg)
			if err != nil {
				return withCode("race", err)
			}
			m.races.Add(1)
			if res.Status == scoreboard.StatusWon {
				m.wins.Add(1)
			}
		}
		return nil
	}, nil
}

// fanout is the shared state of a spectate run: when each move of the
// watched racer was acknowledged.
type fanout struct {
	racer string
	acked []atomic64 // by seq, Unix nanoseconds; 0 until acknowledged
}

func (f *fanout) ack(seq uint64, at time.Time) {
	if seq < uint64(len(f.acked)) {
		f.acked[seq].Store(at.UnixNano())
	}
}

// spectateSession returns the session of one spectator of a race it sets
// up first: two racers, one drawing and recycling at the pace asked (a
// game that lasts, under a profile with unlimited passes), the other
// idle. Each spectator times every progress frame of the moving racer
// from the moment its racer had the acknowledgement of the move the frame
// reports. A frame may stand for several moves: the server sends a
// racer's progress at most once per -progress-every window (50 ms by
// default), so at a faster pace the report counts frames, not moves.
func spectateSession(ctx context.Context, sp *spec, rc *raceConfig) (session, error) {
	if err := rc.parse(); err != nil {
		return nil, err
	}
	if sp.worker > 0 {
		return nil, fmt.Errorf("spectate runs in one process (at most %d spectators)", sp.perProc)
	}
	f := &fanout{acked: make([]atomic64, maxCycleActions+2)}
	var (
		raceMsg wire.RaceMessage
		mover   *client.Client
	)
	setup := func(ctx context.Context) error {
		a, err := hello(ctx, sp.target, "watched-a", rc.queue)
		if err != nil {
			return err
		}
		b, err := hello(ctx, sp.target, "watched-b", rc.queue)
		if err != nil {
			return err
		}
		for _, c := range []*client.Client{a, b} {
			if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeQueue, Profile: rc.profile}); err != nil {
				return err
			}
		}
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		if raceMsg, err = a.WaitRace(wctx); err != nil {
			return fmt.Errorf("spectate: the watched race did not start: %w", err)
		}
		go drain(ctx, b)
		mover = a
		for _, r := range raceMsg.Race.Racers {
			if r.Name == "watched-a" {
				f.racer = r.ID
			}
		}
		return nil
	}
	if err := setup(ctx); err != nil {
		return nil, err
	}
	return func(ctx context.Context, i int, m *metrics, ready func(), start <-chan struct{}) error {
		if i == 0 {
			// Spectator 0 also drives the watched racer once the run starts.
			go func() {
				select {
				case <-start:
				case <-ctx.Done():
					return
				}
				p := newPacer(sp.pace, 0)
				err := cycleStock(ctx, mover, raceMsg, p, func(seq uint64, sent, acked time.Time) {
					f.ack(seq, acked)
					m.op(acked.Sub(sent))
				}, m.refused)
				if err != nil && ctx.Err() == nil {
					m.fail("racer")
				}
			}()
		}
		dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		record := func(frame []byte) {
			recv := time.Now()
			seq, ok := progressSeq(frame, f.racer)
			if !ok || seq >= uint64(len(f.acked)) {
				return
			}
			// An event may beat the racer's own acknowledgement: 0 then.
			at := f.acked[seq].Load()
			d := time.Duration(0)
			if at != 0 {
				d = max(recv.Sub(time.Unix(0, at)), 0)
			}
			if m.rec.Load() {
				m.fan.Record(d)
			}
		}
		c, err := client.Dial(dctx, sp.target, client.Options{Queue: rc.queue, Record: record})
		if err != nil {
			return withCode("dial", err)
		}
		defer c.Drop()
		if _, err := c.Hello(dctx, "spectator-"+strconv.Itoa(i), ""); err != nil {
			return withCode("hello", err)
		}
		if err := c.Send(dctx, wire.ClientMessage{Type: wire.TypeWatch, Race: raceMsg.Race.ID}); err != nil {
			return withCode("send", err)
		}
		if _, err := c.WaitType(dctx, wire.TypeWatching); err != nil {
			return withCode("watch", err)
		}
		ready()
		return drain(ctx, c)
	}, nil
}

// drain reads and drops messages until ctx ends or the connection does.
func drain(ctx context.Context, c *client.Client) error {
	for {
		if _, err := c.Next(ctx); err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return withCode("read", err)
		}
	}
}

// maxCycleActions bounds the watched racer's actions.
const maxCycleActions = 100_000

// cycleStock plays race on c by drawing and recycling only, at p's pace,
// until ctx ends or an action is refused: each move is a progress event
// for the spectators, and the game never ends under unlimited passes.
func cycleStock(ctx context.Context, c *client.Client, rm wire.RaceMessage, p *pacer,
	onAck func(seq uint64, sent, acked time.Time), onRefused func(string)) error {
	id, seq, v := rm.Race.ID, rm.Seq, rm.View
	if rm.Phase == string(scoreboard.PhaseCountdown) {
		sleepCtx(ctx, min(rm.Race.StartAt.Sub(rm.Now), time.Minute))
	}
	for range maxCycleActions {
		if !p.wait(ctx) {
			return ctx.Err()
		}
		action := "D"
		if stockOf(v) == 0 {
			action = "R"
		}
		t := time.Now()
		if err := c.Send(ctx, wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: seq + 1, Move: action}); err != nil {
			return err
		}
		ack, err := c.WaitAck(ctx, id, seq+1)
		if err != nil {
			var ce *client.Error
			if errors.As(err, &ce) {
				onRefused(ce.Code)
				if ce.Code == wire.CodeNotStarted {
					sleepCtx(ctx, 20*time.Millisecond)
					continue
				}
			}
			return err
		}
		onAck(ack.Seq, t, time.Now())
		seq, v = ack.Seq, ack.View
	}
	return nil
}

// stockOf reads the size of the stock from a Klondike view: the one count
// cycleStock needs, so it reads only that key.
func stockOf(v wire.View) int {
	var s struct {
		Stock int `json:"stock"`
	}
	if json.Unmarshal(v.JSON, &s) != nil {
		return 0
	}
	return s.Stock
}
