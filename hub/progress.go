package hub

import (
	"time"

	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// A racer's progress (counts, never cards) goes to every other local
// connection of the race as it changes, each racer's at most once per
// Config.ProgressEvery unless their status changed. The methods named
// …Locked run with lr.mu held; the others take it.

// flushProgress sends the progress that waited for its window to end, and
// schedules itself again for any whose window is still open.
func (f *raceFeed) flushProgress() {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	f.progArmed = false
	if lr.ended {
		clear(f.progDue) // the end frame has the final standings
		return
	}
	next := time.Duration(-1)
	for racer := range f.progDue {
		wait := lr.h.cfg.ProgressEvery - time.Since(f.progSent[racer])
		if wait <= 0 {
			f.broadcastProgressLocked(racer) // deletes racer from progDue
			continue
		}
		if next < 0 || wait < next {
			next = wait
		}
	}
	if next >= 0 {
		f.progArmed = true
		time.AfterFunc(next, f.flushProgress)
	}
}

// countsOnly reports whether progress p differs from last, the same
// racer's, only in the racer's counts of actions (Seq, Actions): nothing
// of the standing, the cards turned up or the status.
func countsOnly(p, last match.Progress) bool {
	return p.Status == last.Status && p.Foundations == last.Foundations &&
		p.Foundation == last.Foundation && p.TurnedUp == last.TurnedUp &&
		p.Counts == last.Counts && p.ReachedAt.Equal(last.ReachedAt)
}

// flushLagLocked sends the lagging progress (progLag) of every racer but
// except whose last frame is ProgressEvery old: a frame goes out anyway
// (a move's progress or ack), or the loop ticks. A racer's lag inside
// the window waits for a later frame.
func (f *raceFeed) flushLagLocked(except string) {
	lr := f.lr
	if len(f.progLag) == 0 {
		return
	}
	if lr.ended {
		clear(f.progLag) // the end frame has the final standings
		return
	}
	now := time.Now()
	for racer := range f.progLag {
		if racer != except && now.Sub(f.progSent[racer]) >= lr.h.cfg.ProgressEvery {
			f.broadcastProgressLocked(racer) // deletes racer from progLag
		}
	}
}

// flushLag sends every racer's lagging progress whose window has ended.
func (f *raceFeed) flushLag() {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	f.flushLagLocked("")
}

func (f *raceFeed) progressLocked(racer string) match.Progress {
	lr := f.lr
	p, _ := lr.m.Progress(racer)
	if p.Status == match.StatusPlaying && !f.connected[racer] {
		p.Status = match.StatusDisconnected
	}
	return p
}

func (f *raceFeed) allProgressLocked() []match.Progress {
	lr := f.lr
	out := make([]match.Progress, 0, len(lr.race.Racers))
	for _, r := range lr.race.Racers {
		out = append(out, f.progressLocked(r.ID))
	}
	return out
}

// broadcastProgressLocked sends racer's progress to every local
// connection of the race but racer's own (who have it in their acks).
// The frame is encoded once, and not at all when nobody here is to get it.
// When the caller pushes (lr.pushTo), the first maxPush connections with
// no write in progress are written by the caller, after lr.mu, rather
// than each by a writer goroutine woken for one frame.
func (f *raceFeed) broadcastProgressLocked(racer string) {
	f.sendProgressLocked(racer, f.progressLocked(racer))
}

// sendProgressLocked is broadcastProgressLocked with racer's progress p.
func (f *raceFeed) sendProgressLocked(racer string, p match.Progress) {
	lr := f.lr
	f.progSent[racer] = time.Now()
	delete(f.progDue, racer)
	delete(f.progLag, racer)
	f.progLast[racer] = p
	var frame []byte
	send := func(c *conn) {
		if frame == nil {
			frame = wire.AppendProgress(make([]byte, 0, 256), lr.id, &p)
		}
		if f.pushTo != nil && len(*f.pushTo) < maxPush {
			if c.ctx.Err() == nil {
				if _, took := c.tc.SendTake(frame); took {
					*f.pushTo = append(*f.pushTo, c)
				}
			}
			return
		}
		c.enqueue(frame)
	}
	for id, cs := range f.racers {
		if id == racer {
			continue
		}
		for c := range cs {
			send(c)
		}
	}
	for c := range f.spectators {
		send(c)
	}
}

// maxPush bounds the connections a move's goroutine writes for others
// (pushTaken): a race's opponents, not a crowd of spectators, whose
// frames go to their writers.
const maxPush = 4

// pushTaken writes the frames of the connections in list, whose write
// the caller took under lr.mu (lr.pushTo), and empties list. Each write
// is one attempt that does not wait for the socket (transport.Conn.Push).
func pushTaken(list *[]*conn) {
	for i, c := range *list {
		c.tc.Push()
		(*list)[i] = nil
	}
	*list = (*list)[:0]
}

func (f *raceFeed) broadcastAllProgress() {
	lr := f.lr
	lr.mu.Lock()
	defer lr.mu.Unlock()
	for _, r := range lr.race.Racers {
		f.broadcastProgressLocked(r.ID)
	}
}
