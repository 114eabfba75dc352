package hub_test

import (
	"github.com/solitaire-race/racer/hub/wire"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/match"
)

// progressOf waits for the next progress frame about racer and returns it.
func progressOf(t *testing.T, c *client.Client, racer string) match.Progress {
	t.Helper()
	m, err := c.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == racer
	})
	if err != nil {
		t.Fatalf("no progress of %s: %v", racer, err)
	}
	var p wire.ProgressMessage
	_ = m.Decode(&p)
	return p.Progress
}

// TestProgressEveryHoldsMoves: within ProgressEvery of a progress frame,
// a racer's moves are held (here for an hour), and a change of status
// goes at once, carrying every move held before it. A presence event may
// send Ann's progress once at any time (her connection's), so one frame
// between is allowed; without the window there would be seven.
func TestProgressEveryHoldsMoves(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ProgressEvery: time.Hour})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:8])
	play(t, a, id, []string{match.ActionResign})
	between := 0
	for {
		p := progressOf(t, b, wa.Player)
		if p.Status == match.StatusResigned {
			if p.Seq != 9 {
				t.Fatalf("resigned at seq %d, want 9", p.Seq)
			}
			break
		}
		if p.Seq >= 2 {
			between++
		}
	}
	if between > 1 {
		t.Errorf("%d progress frames for 7 moves held in one window, want at most 1", between)
	}
}

// TestProgressEveryFlushesLast: moves held in a window go out as one
// frame with the latest progress when it ends.
func TestProgressEveryFlushesLast(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ProgressEvery: 300 * time.Millisecond})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	ack := play(t, a, id, line[:6])
	for {
		p := progressOf(t, b, wa.Player)
		if p.Seq == 6 {
			if v := klondikeView(t, ack.View); p.Actions != v.Actions {
				t.Errorf("last progress has %d actions, the ack %d", p.Actions, v.Actions)
			}
			break
		}
		if p.Seq > 6 {
			t.Fatalf("progress seq %d after 6 moves", p.Seq)
		}
	}
}

// TestProgressEveryOff: a negative ProgressEvery sends every move (a
// presence event may repeat one).
func TestProgressEveryOff(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ProgressEvery: -1})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:4])
	for want := uint64(1); want <= 4; {
		p := progressOf(t, b, wa.Player)
		switch {
		case p.Seq == want:
			want++
		case p.Seq > want:
			t.Fatalf("progress seq %d, want %d (every move)", p.Seq, want)
		}
	}
}

// progressBefore reads c's frames up to the first that stop accepts and
// returns the progress frames about racer among those before it.
func progressBefore(t *testing.T, c *client.Client, racer string, stop func(client.Message) bool) []match.Progress {
	t.Helper()
	var out []match.Progress
	for {
		m, err := c.Next(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if stop(m) {
			return out
		}
		var p wire.ProgressMessage
		if m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == racer {
			out = append(out, p.Progress)
		}
	}
}

// isError accepts an error frame.
func isError(m client.Message) bool { return m.Type == wire.TypeError }

// lastSeq is the seq of the last of ps, 0 if none.
func lastSeq(ps []match.Progress) uint64 {
	if len(ps) == 0 {
		return 0
	}
	return ps[len(ps)-1].Seq
}

// TestProgressCountsRideAlong: a move that changes only a racer's counts
// of actions (a draw) sends no frame of its own; the opponent gets it
// with their own next ack, before it. Bob's refused move checks what he
// has been sent meanwhile: the refusal is queued after any frame sent to
// him before it. A presence event may send Ann's progress once at any
// time; without the lag every draw would be sent (the window is 1 ns).
func TestProgressCountsRideAlong(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ProgressEvery: time.Nanosecond})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	play(t, a, id, []string{"D", "D", "D", "D"})
	if err := b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 7, Move: "D"}); err != nil {
		t.Fatal(err)
	}
	sent := 0
	for _, p := range progressBefore(t, b, wa.Player, isError) {
		if p.Seq >= 2 {
			sent++
		}
	}
	if sent > 1 {
		t.Errorf("%d progress frames of Ann's draws 2-4 before Bob's move, want at most 1", sent)
	}
	seq, err := b.Move(ctxT(t), id, "D")
	if err != nil {
		t.Fatal(err)
	}
	ps := progressBefore(t, b, wa.Player, func(m client.Message) bool {
		var ack wire.Ack
		return m.Type == wire.TypeAck && m.Decode(&ack) == nil && ack.Seq == seq
	})
	if got := lastSeq(ps); got != 4 {
		t.Errorf("Ann's progress before Bob's ack has seq %d, want 4", got)
	}
}

// TestProgressCountsLiveForSpectators: in a watched race a draw's
// progress goes to the spectator at once (within ProgressEvery), not with
// the race's next frame or tick. The spectator's error reply to a move of
// its own, asked for after Ann's last ack, comes after that progress.
func TestProgressCountsLiveForSpectators(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{ProgressEvery: time.Nanosecond})
	a, _, wa, _, race := s.pair(t)
	id := race.Race.ID
	w, _ := s.dial(t, "Watcher", client.Options{})
	if err := w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.WaitType(ctxT(t), wire.TypeWatching); err != nil {
		t.Fatal(err)
	}
	play(t, a, id, []string{"D", "D", "D", "D"})
	if err := w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 1, Move: "D"}); err != nil {
		t.Fatal(err)
	}
	if got := lastSeq(progressBefore(t, w, wa.Player, isError)); got != 4 {
		t.Errorf("the spectator's latest progress of Ann before its error reply has seq %d, want 4", got)
	}
}
