package hub

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// liveRace is a race loaded on this node because a local connection races
// or watches it: the Match rebuilt from the store and kept current by the
// race's Broker channel, its end, and its feed (raceFeed: the local
// connections, presence, progress and spectators' delayed boards).
//
// The live race owns the race's state on this node and mu is its one
// lock: it guards m (a Match is not safe for concurrent use) and every
// field below it. Lock order: mu before a connection's c.mu. mu is never
// taken while c.mu is held; frames are queued to connections under mu
// (conn.enqueue), and a queue found full closes its connection, whose
// log line reads the player under c.mu. The move path (move.go) holds mu
// to prepare a move and again to apply and acknowledge it, never across
// the store call between.
type liveRace struct {
	h       *Hub
	id      string
	channel string        // raceChannel(id)
	ready   chan struct{} // closed when loaded
	err     error         // load error, set before ready closes
	// listener names this load of the race to the store (Store.Listen):
	// the node's ID and a number no other load on the node has.
	listener string

	race   match.Race
	offset atomic.Int64 // store clock minus local clock, in nanoseconds
	events *eventQueue
	kick   chan struct{}
	stop   chan struct{}
	lost   atomic.Bool // an event was dropped: reload
	unsub  func()
	refs   int // guarded by h.reg.mu

	mu sync.Mutex
	m  *match.Match // replaced whole by a reload
	// feed is who on this node hears the race and what each was sent.
	feed raceFeed
	// reloading counts the reloads reading the store. While one does,
	// every entry applied here is also kept in moved, to be applied again
	// to the snapshot, which may have been read before it.
	reloading int
	moved     []movedEntry
	ended     bool
	endFrame  []byte
	finishing bool
	// evScratch is the board the stuck search of a move heard from
	// another node runs on (applyEvent): only the race's loop uses it.
	evScratch game.Board
	// ratingsFrame is the ratings message, once known; it follows
	// endFrame wherever that goes.
	ratingsFrame []byte
}

// histEntry is a racer's log entry seq, action, stored at at (Unix
// nanoseconds of the store's clock).
type histEntry struct {
	at     int64
	seq    uint64
	action string
}

// movedEntry is a log entry applied here while a reload read the store.
type movedEntry struct {
	racer, action string
	seq           uint64
	at            time.Time
}

// delayedBoard is a racer's board after log entry seq.
type delayedBoard struct {
	seq uint64
	pos game.Board
}

// raceRegistry holds the races loaded on this node, each with the
// number of its users (liveRace.refs): connections racing or watching it.
// It is safe for concurrent use; mu is never held while a race's mu is
// taken.
type raceRegistry struct {
	h     *Hub
	mu    sync.Mutex
	races map[string]*liveRace
}

// all returns the races loaded, ready or not.
func (rr *raceRegistry) all() []*liveRace {
	rr.mu.Lock()
	defer rr.mu.Unlock()
	out := make([]*liveRace, 0, len(rr.races))
	for _, lr := range rr.races {
		out = append(out, lr)
	}
	return out
}

// acquireRace returns the loaded race id, loading it on first use. Each
// successful call must be paired with releaseRace.
func (rr *raceRegistry) acquireRace(ctx context.Context, id string) (*liveRace, error) {
	h := rr.h
	rr.mu.Lock()
	lr := rr.races[id]
	if lr == nil {
		lr = &liveRace{h: h, id: id, channel: raceChannel(id), ready: make(chan struct{}),
			listener: h.nodeID + "/" + strconv.FormatUint(h.loads.Add(1), 10)}
		lr.feed.lr = lr
		rr.races[id] = lr
		lr.refs++
		rr.mu.Unlock()
		lr.err = lr.load(ctx)
		close(lr.ready)
		if lr.err != nil {
			rr.mu.Lock()
			delete(rr.races, id)
			rr.mu.Unlock()
			return nil, lr.err
		}
		h.met.liveRacesLocal.Inc()
		go lr.loop()
		return lr, nil
	}
	lr.refs++
	rr.mu.Unlock()
	select {
	case <-lr.ready:
	case <-ctx.Done():
		rr.releaseRace(lr)
		return nil, ctx.Err()
	}
	if lr.err != nil {
		return nil, lr.err
	}
	return lr, nil
}

// releaseRace drops a reference; the last one unloads the race.
func (rr *raceRegistry) releaseRace(lr *liveRace) {
	h := rr.h
	rr.mu.Lock()
	lr.refs--
	last := lr.refs == 0 && lr.err == nil
	if last && rr.races[lr.id] == lr {
		delete(rr.races, lr.id)
	}
	rr.mu.Unlock()
	if last {
		close(lr.stop)
		lr.unlisten()
		lr.unsub()
		h.met.liveRacesLocal.Dec()
	}
}

func (lr *liveRace) load(ctx context.Context) error {
	h := lr.h
	lr.events = newEventQueue()
	lr.kick = make(chan struct{}, 1)
	lr.stop = make(chan struct{})
	unsub, err := h.cfg.Broker.Subscribe(h.ctx, raceChannel(lr.id), lr.onEvent)
	if err != nil {
		return err
	}
	lr.unsub = unsub
	// Subscribed first, then listening, then loading: every append is
	// either in the snapshot or published, the store seeing a listener
	// other than its appender's.
	if err := h.cfg.Store.Listen(ctx, lr.id, lr.listener); err != nil {
		unsub()
		return err
	}
	if err := lr.reload(ctx); err != nil {
		lr.unlisten()
		unsub()
		return err
	}
	return nil
}

// unlisten tells the store that this load of the race ends. A failure
// only leaves the other nodes publishing moves nobody needs.
func (lr *liveRace) unlisten() {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(lr.h.ctx), lr.h.cfg.MoveTimeout)
	defer cancel()
	if err := lr.h.cfg.Store.Unlisten(ctx, lr.id, lr.listener); err != nil {
		lr.h.log.Debug("unlisten", "race", lr.id, "err", err)
	}
}

// reload rebuilds the match from the store.
//
// Moves keep being applied here while the snapshot is read (a local
// append, an event applied by the loop); installing the snapshot alone
// would drop them from this node's boards although their racers had
// their acks. They are kept while the reload runs and applied to the
// snapshot before it is installed. A board still ahead of the result
// (an entry missing between the snapshot and those kept) makes it read
// again, up to reloadTries times; after that the race stays as it is and
// is marked lost, to be reloaded at the loop's next tick.
func (lr *liveRace) reload(ctx context.Context) error {
	lr.lost.Store(false)
	lr.mu.Lock()
	lr.reloading++
	lr.mu.Unlock()
	defer func() {
		lr.mu.Lock()
		if lr.reloading--; lr.reloading == 0 {
			lr.moved = nil
		}
		lr.mu.Unlock()
	}()
	for range reloadTries {
		done, err := lr.reloadOnce(ctx)
		if done || err != nil {
			return err
		}
	}
	lr.markLost()
	return fmt.Errorf("hub: race %s: this node's boards stayed ahead of %d reads of the store", lr.id, reloadTries)
}

// reloadTries bounds the reads of one reload.
const reloadTries = 3

// reloadOnce reads the race, applies the entries moved since, and
// installs it, unless a board here is still ahead (done false).
func (lr *liveRace) reloadOnce(ctx context.Context) (done bool, err error) {
	h := lr.h
	snap, err := h.cfg.Store.Load(ctx, lr.id)
	if err != nil {
		return false, err
	}
	now, err := h.cfg.Store.Now(ctx)
	if err != nil {
		return false, err
	}
	m, err := match.New(snap.Race, h.opts)
	if err != nil {
		return false, err
	}
	start, _ := m.Board(snap.Race.Racers[0].ID)
	hist := make(map[string][]histEntry, len(snap.Race.Racers))
	delayed := make(map[string]*delayedBoard, len(snap.Race.Racers))
	for _, r := range snap.Race.Racers {
		log := snap.Logs[r.ID]
		if err := m.Replay(r.ID, log); err != nil {
			return false, err
		}
		h := make([]histEntry, len(log))
		for i, e := range log {
			h[i] = histEntry{at: e.At.UnixNano(), seq: e.Seq, action: e.Action}
		}
		hist[r.ID] = h
		delayed[r.ID] = &delayedBoard{pos: start.Clone()}
	}
	pres, err := h.cfg.Presence.Presence(ctx, raceChannel(lr.id))
	if err != nil {
		h.log.Warn("presence", "race", lr.id, "err", err)
	}
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.m != nil {
		for _, e := range lr.moved {
			ok, err := m.Advance(e.racer, e.seq, e.action, e.at)
			if err != nil {
				return false, nil // an entry between is missing: read again
			}
			if ok {
				hist[e.racer] = append(hist[e.racer], histEntry{at: e.at.UnixNano(), seq: e.seq, action: e.action})
			}
		}
		for _, r := range snap.Race.Racers {
			if lr.m.Seq(r.ID) > m.Seq(r.ID) {
				return false, nil
			}
		}
	}
	if lr.m == nil {
		lr.race = snap.Race // never changes; written once before anyone reads it
	}
	lr.offset.Store(int64(now.Sub(time.Now())))
	lr.m = m
	lr.feed.hist = hist
	lr.feed.delayed = delayed
	if lr.feed.racers == nil {
		lr.feed.racers = make(map[string]map[*conn]struct{})
		lr.feed.spectators = make(map[*conn]struct{})
		lr.feed.shown = make(map[string]uint64)
		lr.feed.progSent = make(map[string]time.Time)
		lr.feed.progDue = make(map[string]bool)
		lr.feed.progLast = make(map[string]match.Progress)
		lr.feed.progLag = make(map[string]bool)
	}
	lr.feed.connected = make(map[string]bool)
	lr.feed.nodeOf = make(map[string]string, len(pres))
	for id, node := range pres {
		lr.feed.nodeOf[id] = string(node)
		if !h.nodes.nodeDead(string(node)) {
			lr.feed.connected[id] = true
		}
	}
	for id, cs := range lr.feed.racers {
		if len(cs) > 0 {
			lr.feed.connected[id] = true
		}
	}
	if snap.Result != nil && !lr.ended {
		lr.endLocked(*snap.Result)
	}
	return true, nil
}

// storeNow estimates the store's clock.
func (lr *liveRace) storeNow() time.Time { return time.Now().Add(time.Duration(lr.offset.Load())) }

// phase returns the race's phase now, as this node's boards have it.
func (lr *liveRace) phase() match.Phase {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	return lr.m.Phase(lr.storeNow())
}

// onEvent queues an event from the race's channel for the loop. A move
// this node published is dropped: the mover's goroutine applies it after
// the store accepts it (applyLocal), and an append whose outcome it did not
// learn makes the race reload. Waking the loop for it cost a goroutine
// switch per move. A nil event is the broker's word that the channel was
// subscribed again after a break (a Redis outage): events may be lost,
// and the race reloads from the store.
func (lr *liveRace) onEvent(b []byte) {
	if b == nil {
		lr.markLost()
		return
	}
	if bytes.HasPrefix(b, lr.h.ownMove) {
		return
	}
	if !lr.events.push(b) {
		lr.markLost()
	}
}

// markLost marks the race lost, to be reloaded by the loop, which it
// wakes to tick at its fast period.
func (lr *liveRace) markLost() {
	lr.lost.Store(true)
	lr.kickEnd()
}

func (lr *liveRace) kickEnd() {
	select {
	case lr.kick <- struct{}{}:
	default:
	}
}

// loop handles broker events, the time limit, spectators' delayed boards
// and presence, until the race is unloaded.
func (lr *liveRace) loop() {
	var deadline <-chan time.Time
	if d := lr.race.Deadline(); !d.IsZero() {
		t := time.NewTimer(time.Until(d.Add(-time.Duration(lr.offset.Load()))))
		defer t.Stop()
		deadline = t.C
	}
	period := min(max(lr.race.SpectatorDelay/10, 20*time.Millisecond), time.Second)
	presenceEvery := lr.h.cfg.PresenceTTL / 3
	// A race with no spectators and nothing to reload ticks only to
	// compact the history kept for spectators and to refresh presence,
	// every idle: a node with thousands of races wakes each of them a few
	// times less often. A spectator or a lost race kicks the loop back
	// to period.
	idle := max(period, min(presenceEvery, lr.race.SpectatorDelay)/2)
	cur := period
	tick := time.NewTicker(period)
	defer tick.Stop()
	// A random phase: races loaded together (a node's start, pairing after
	// a burst of queueing, a reload after a Redis outage) would otherwise
	// refresh their presence in the same second, thousands of Redis calls
	// in one burst that held the moves' appends behind them.
	lastPresence := time.Now().Add(-rand.N(max(presenceEvery, 1)))
	lr.kickEnd()
	for {
		select {
		case <-lr.stop:
			return
		case <-lr.events.notify:
			for _, b := range lr.events.take() {
				lr.handleEvent(b)
			}
		case <-lr.kick:
			lr.checkEnd()
		case <-deadline:
			lr.checkEnd()
		case <-tick.C:
			if lr.lost.Load() {
				ctx, cancel := context.WithTimeout(lr.h.ctx, 5*time.Second)
				if err := lr.reload(ctx); err != nil {
					lr.markLost()
					lr.h.log.Warn("reloading race", "race", lr.id, "err", err)
				}
				cancel()
				lr.feed.broadcastAllProgress()
			}
			lr.feed.tickBoards()
			lr.feed.flushLag()
			if time.Since(lastPresence) >= presenceEvery {
				lastPresence = time.Now()
				lr.feed.refreshPresence()
			}
		}
		lr.mu.Lock()
		watched := len(lr.feed.spectators) > 0
		lr.mu.Unlock()
		want := idle
		if watched || lr.lost.Load() {
			want = period
		}
		if want != cur {
			cur = want
			tick.Reset(want)
		}
	}
}

func (lr *liveRace) handleEvent(b []byte) {
	var ev event
	if racer, seq, action, ok := lr.parseMoveEvent(b); ok {
		ev = event{Kind: evMove, Racer: racer, Seq: seq, Action: action}
	} else if err := json.Unmarshal(b, &ev); err != nil {
		return
	}
	switch ev.Kind {
	case evMove:
		lr.applyEvent(ev.Racer, ev.Seq, ev.Action)
	case evPresence:
		lr.mu.Lock()
		if ev.Connected && ev.Node != "" {
			lr.feed.nodeOf[ev.Racer] = ev.Node
		} else {
			delete(lr.feed.nodeOf, ev.Racer)
		}
		if len(lr.feed.racers[ev.Racer]) == 0 {
			lr.feed.connected[ev.Racer] = ev.Connected
		}
		lr.feed.broadcastProgressLocked(ev.Racer)
		lr.mu.Unlock()
	case evEnd:
		if ev.Result != nil {
			lr.mu.Lock()
			lr.endLocked(*ev.Result)
			lr.mu.Unlock()
		}
	case evRatings:
		if ev.Ratings != nil {
			lr.mu.Lock()
			lr.ratingsLocked(*ev.Ratings)
			lr.mu.Unlock()
		}
	case evRematch:
		frame, _ := json.Marshal(wire.RematchVote{Type: wire.TypeRematchVote, Race: lr.id, Player: ev.Racer})
		lr.mu.Lock()
		for _, cs := range lr.feed.racers {
			for c := range cs {
				c.enqueue(frame)
			}
		}
		lr.mu.Unlock()
	}
}
