// The move path: a racer's action (a move, resign or finish) from its
// frame to its ack, and how the other connections of the race learn of it.
//
// On the mover's node, all on the connection's reader goroutine but the
// last step:
//
//  1. Frame read: hub/transport reads the frame and hands it to
//     conn.readFrame, and handleFrame (conn.go) rate-limits it.
//  2. Wire parse: wire.ParseFastAction reads a move, resign or finish
//     frame in its usual form without allocating (handleFastAction); any
//     other form goes through encoding/json (handleAction).
//  3. Seat lookup: the connection's seat in the race (conn.seats, under
//     c.mu) gives the live race and the session epoch (act).
//  4. Match.PrepareOn, under lr.mu with the phase check: validation
//     against the racer's board in memory (liveRace.prepare). A resend of
//     an action applied already gets a duplicate ack (sendDupAck) and
//     goes no further. Stuck detection then runs on a copy of the board,
//     outside lr.mu (Prepared.Search).
//  5. Store append, outside every lock: one store call (one Redis
//     script) checks the expected seq and session epoch, appends the
//     entry, claims the win, and publishes the move event on the race's
//     channel unless this node is the race's only listener (load,
//     Store.Listen). A refusal is answered with its error; an append whose
//     outcome is unknown marks the race lost, to be reloaded.
//  6. Apply, under lr.mu: Match.Commit, the spectators' history and the
//     racer's progress to the other local connections (appliedLocked;
//     a change of the racer's counts of actions alone waits for the
//     race's next frame), and the other racers' waiting progress to
//     this connection, where it rides with the ack.
//  7. Ack, under the same hold of lr.mu: the ack with the racer's new
//     view is queued on the connection (liveRace.applyLocal), before any
//     race_end that the action causes.
//  8. Write: once lr.mu is let go, act itself writes the racer's
//     progress to the other local connections of the race whose write
//     it took at step 6 (no write was in progress there: SendTake,
//     pushTaken), each in one write that does not wait for the socket,
//     then the ack (transport.Conn.Hold and Flush), with any frame
//     queued on the connection meanwhile.
//
// Resends: an action the store holds already is acknowledged as a
// duplicate with the racer's current view, whether this node applied it
// (step 4), the store saw the same action again (res.Again at step 6) or
// an earlier connection of the racer stored it unheard here (a SeqError
// at step 5: reload, then the duplicate ack).
//
// For the other racers and spectators, on every node with the race loaded:
//
//  1. Store publish: the append of step 5 publishes the move event
//     (appendMoveEvent) on the race's channel, when a node other than
//     the mover's listens.
//  2. Broker: hub/broker delivers it to every subscribed node.
//  3. Race inbox: liveRace.onEvent queues it (eventQueue) for the race's
//     loop; the mover's node drops its own, applied at step 6.
//  4. Apply: the loop parses it (parseMoveEvent) and applyEvent runs
//     Match.AdvanceOn under lr.mu, then the move's stuck search outside
//     it (Prepared.Search, Match.Settle).
//  5. Progress frame: appliedLocked queues the racer's progress to every
//     local connection of the race but the racer's own; the loop writes
//     it to those with no write in progress, after lr.mu (pushTaken),
//     and the writers to the others.
//
// Locks: c.mu (the seat lookup) is let go before lr.mu is taken, as the
// lock order says (liveRace); no lock is held across the store call.

package hub

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game"
)

// handleFastAction runs a frame read by wire.ParseFastAction, without
// allocating a string for the race or the action.
func (rc *racing) handleFastAction(f *wire.FastAction) {
	c := rc.c
	arrived := time.Now()
	var action string
	switch string(f.Type) {
	case wire.TypeResign:
		action = match.ActionResign
	case wire.TypeFinish:
		action = match.ActionFinish
	default:
		action = c.h.intern(f.Move)
	}
	c.mu.Lock()
	s := rc.seats[string(f.Race)]
	player := c.id.Player
	c.mu.Unlock()
	race := ""
	if s != nil {
		race = s.lr.id
	} else {
		race = string(f.Race)
	}
	rc.act(s, player, race, f.Seq, action, arrived)
}

// handleAction is the move path of a frame encoding/json decoded.
func (rc *racing) handleAction(race string, seq uint64, action string, arrived time.Time) {
	c := rc.c
	c.mu.Lock()
	s := rc.seats[race]
	player := c.id.Player
	c.mu.Unlock()
	rc.act(s, player, race, seq, action, arrived)
}

// act is the move path from the seat lookup on: validate against the
// racer's board in memory, append to the store with the expected sequence
// number and epoch, apply, acknowledge. s is the connection's seat in
// race (nil: none).
func (rc *racing) act(s *seat, player, race string, seq uint64, action string, arrived time.Time) {
	c := rc.c
	h := c.h
	if s == nil {
		h.met.movesBy.refused.Inc()
		c.sendError(wire.CodeNotInRace, "you are not racing in that race on this connection", race, seq)
		return
	}
	if action == "" || seq == 0 {
		h.met.movesBy.refused.Inc()
		c.sendError(wire.CodeBadRequest, "a move needs race, seq (from 1) and move", race, seq)
		return
	}
	lr := s.lr
	phase, p, err := lr.prepare(player, seq, action, rc.scratchFor(lr))
	switch {
	case phase == match.PhaseCountdown:
		h.met.movesBy.refused.Inc()
		c.sendError(wire.CodeNotStarted, "the race has not started", race, seq)
		return
	case phase == match.PhaseFinished:
		h.met.movesBy.refused.Inc()
		c.sendError(wire.CodeRaceFinished, "the race is over", race, seq)
		return
	case errors.Is(err, match.ErrDuplicate):
		h.met.movesBy.duplicate.Inc()
		rc.sendDupAck(lr, player)
		return
	case err != nil:
		if code := codeOf(err); code == wire.CodeIllegalMove || code == wire.CodeBadMove {
			h.met.movesBy.illegal.Inc()
		} else {
			h.met.movesBy.refused.Inc()
		}
		c.sendErr(err, race, seq)
		return
	}
	if p.Searching() {
		// Stuck detection, outside lr.mu: the race's other racers are
		// not held while it runs. applyLocal's Commit takes its verdict
		// only if the racer's board has not moved on meanwhile.
		if hook := searchHook.Load(); hook != nil {
			(*hook)(race, player)
		}
		p.Search(rc.scratch)
	}
	evb := appendMoveEvent(make([]byte, 0, 96), h.nodeID, player, seq, action)
	// A stalled store must not hold the move: past MoveTimeout it is
	// answered "unavailable" and the client resends it.
	// The connection's moveCtx is that deadline without a context and a
	// timer per move.
	if rc.mctx == nil {
		rc.mctx = newMoveCtx(c.ctx)
	}
	rc.mctx.arm(h.cfg.MoveTimeout)
	res, err := h.cfg.Store.Append(rc.mctx, match.Append{
		Race: race, Racer: player, Seq: seq, Epoch: s.epoch, Action: action, Win: p.Win,
		Channel: lr.channel, Event: evb, Listener: lr.listener,
	})
	rc.mctx.disarm()
	if err != nil {
		h.met.movesBy.refused.Inc()
		if !storeRefused(err) {
			// The store may have taken the move without this node
			// learning it, and the node drops its own move events: only a
			// reload can tell.
			lr.markLost()
		}
		var se *match.SeqError
		switch {
		case errors.As(err, &se) && se.Next > seq:
			// Stored already (by an earlier connection); this node had not
			// heard. Catch up and acknowledge the resend.
			lctx, lcancel := context.WithTimeout(c.ctx, h.cfg.MoveTimeout)
			lerr := lr.reload(lctx)
			lcancel()
			if lerr == nil {
				rc.sendDupAck(lr, player)
				return
			}
		case errors.Is(err, match.ErrStaleEpoch):
			c.sendErr(err, race, seq)
			c.closeAfterFlush(wire.CloseSessionReplaced, "session replaced")
			return
		}
		c.sendErr(err, race, seq)
		return
	}
	// The ack is written by this goroutine once lr.mu is let go, rather
	// than handed to a writer goroutine.
	c.tc.Hold()
	lr.applyLocal(c, p, res.At, res.Again)
	pushTaken(&rc.push) // the opponents' progress, without waiting
	c.tc.Flush()
	if res.Again {
		// A resend of a move whose first attempt the store took while
		// this node did not learn it (a timeout): acknowledged once, as
		// a duplicate.
		h.met.movesBy.duplicate.Inc()
	} else {
		h.met.movesBy.accepted.Inc()
	}
	h.met.moveDuration.Observe(time.Since(arrived).Seconds())
	if res.Winner || p.Status.Done() {
		lr.kickEnd()
	}
}

// prepare validates action as entry seq of racer's log, in one hold of
// lr.mu: the race's phase, which must be running (any other is returned
// with nothing prepared), then Match.PrepareOn.
//
// Stuck detection is not run here: most moves settle it in a microsecond
// or less (a card that can reach a foundation, a tableau move that turns
// a card), but the full search, bounded by the stuck budget's positions,
// takes milliseconds, in which the race's other racers would wait for
// their acks. PrepareOn copies the racer's board into scratch, the
// connection's, for the search that act runs after letting lr.mu go.
func (lr *liveRace) prepare(racer string, seq uint64, action string, scratch game.Board) (match.Phase, match.Prepared, error) {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	phase := lr.m.Phase(lr.storeNow())
	if phase != match.PhaseRunning {
		return phase, match.Prepared{}, nil
	}
	p, err := lr.m.PrepareOn(racer, seq, action, scratch)
	return phase, p, err
}

// scratchFor returns the connection's scratch board for a move's stuck
// search in lr, a board of lr's game variant, made at the connection's
// first move in a race of that variant. Only the reader goroutine uses it.
func (rc *racing) scratchFor(lr *liveRace) game.Board {
	if rc.scratch == nil || rc.scratchOf != lr.race.Profile {
		v, err := lr.h.cfg.Games.Lookup(lr.race.Profile)
		if err != nil {
			// A loaded race's profile is known (match.New checked it).
			panic(err)
		}
		rc.scratch, rc.scratchOf = v.NewBoard(0), lr.race.Profile
	}
	return rc.scratch
}

// searchHook, when set (by tests only), runs before each stuck search of
// the move path, with the race and the racer, outside lr.mu.
var searchHook atomic.Pointer[func(race, racer string)]

// storeRefused reports whether an Append error is the store's refusal,
// after which the log is known to be unchanged.
func storeRefused(err error) bool {
	var se *match.SeqError
	return errors.As(err, &se) || errors.Is(err, match.ErrStaleEpoch) || errors.Is(err, match.ErrFinished) ||
		errors.Is(err, match.ErrNotFound) || errors.Is(err, match.ErrNotRacer)
}

// applyLocal commits an action this node stored (the board has not
// moved when a reload got there first) and queues its ack to c, marked
// duplicate when the store had it already (dup). Both happen under
// lr.mu, as does queueing race_end (endLocked), so the ack of an action
// that ends the race comes before race_end on c. The progress frames
// whose write it takes are listed in c.push, for act to push.
func (lr *liveRace) applyLocal(c *conn, p match.Prepared, at time.Time, dup bool) {
	lr.mu.Lock()
	defer lr.mu.Unlock()
	if lr.m.Commit(p, at) {
		lr.feed.pushTo = &c.rc.push
		lr.appliedLocked(p.Racer, p.Action, at)
		lr.feed.pushTo = nil
	}
	c.enqueue(lr.ackLocked(p.Racer, dup))
}

// applyEvent applies a move that another node stored, heard on the
// race's channel, and tells the local connections. A move that skips
// ahead of the racer's board (an event was lost) marks the race lost, to
// be reloaded from the store. Its stuck detection runs after lr.mu is
// let go (Match.AdvanceOn), on the loop's scratch board; a stuck verdict
// is then taken under lr.mu if the racer's board has not moved on, and
// sent at once.
func (lr *liveRace) applyEvent(racer string, seq uint64, action string) {
	lr.mu.Lock()
	at := lr.storeNow()
	if lr.evScratch == nil {
		lr.evScratch = lr.m.Variant().NewBoard(0)
	}
	p, ok, err := lr.m.AdvanceOn(racer, seq, action, at, lr.evScratch)
	if ok {
		lr.feed.pushTo = &lr.feed.evPush
		lr.appliedLocked(racer, action, at)
		lr.feed.pushTo = nil
	}
	lr.mu.Unlock()
	pushTaken(&lr.feed.evPush)
	if err != nil {
		var se *match.SeqError
		if errors.As(err, &se) {
			lr.markLost()
		}
		return
	}
	if !ok {
		return
	}
	if p.Searching() {
		p.Search(lr.evScratch)
		if p.Status == match.StatusStuck {
			lr.mu.Lock()
			if lr.m.Settle(p) {
				lr.feed.broadcastProgressLocked(racer)
			}
			lr.mu.Unlock()
		}
	}
	lr.checkEnd()
}

// appliedLocked records a racer's new board and tells everyone local,
// at most once per ProgressEvery unless the racer's status changed. In a
// race nobody here watches, a move that changes only the racer's counts
// of actions (a draw from the stock, a move between columns that turns
// no card) waits instead for the race's next frame: the other racers'
// lagging progress goes out with this one's (flushLagLocked), on the
// mover's node with the ack. Spectators see every move's counts within
// ProgressEvery.
func (lr *liveRace) appliedLocked(racer, action string, at time.Time) {
	seq := lr.m.Seq(racer)
	lr.feed.hist[racer] = append(lr.feed.hist[racer], histEntry{at: at.UnixNano(), seq: seq, action: action})
	if lr.reloading > 0 {
		lr.moved = append(lr.moved, movedEntry{racer: racer, action: action, seq: seq, at: at})
	}
	lr.feed.flushLagLocked(racer)
	every := lr.h.cfg.ProgressEvery
	p := lr.feed.progressLocked(racer)
	if every < 0 || p.Status != match.StatusPlaying {
		lr.feed.sendProgressLocked(racer, p)
		return
	}
	if last, ok := lr.feed.progLast[racer]; ok && len(lr.feed.spectators) == 0 && countsOnly(p, last) {
		lr.feed.progLag[racer] = true
		return
	}
	wait := every - time.Since(lr.feed.progSent[racer])
	if wait <= 0 {
		lr.feed.sendProgressLocked(racer, p)
		return
	}
	lr.feed.progDue[racer] = true
	if !lr.feed.progArmed {
		lr.feed.progArmed = true
		time.AfterFunc(wait, lr.feed.flushProgress)
	}
}

// sendDupAck acknowledges a resent action that was applied already, with
// the racer's current view.
func (rc *racing) sendDupAck(lr *liveRace, player string) {
	c := rc.c
	lr.mu.Lock()
	defer lr.mu.Unlock()
	c.enqueue(lr.ackLocked(player, true))
}

// ackLocked encodes an ack with the racer's current view.
func (lr *liveRace) ackLocked(player string, dup bool) []byte {
	p := lr.feed.progressLocked(player)
	b := wire.AppendAckHead(make([]byte, 0, lr.m.Variant().ViewBytes()), lr.id, p.Seq, p.Status, dup)
	b, _ = lr.m.AppendView(player, b)
	return append(b, '}')
}
