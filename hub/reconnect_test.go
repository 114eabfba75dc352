package hub_test

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

func TestReconnectResumesNothingLostOrDoubled(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:20])
	// Three moves sent without waiting, then the network fails.
	for _, mv := range line[20:23] {
		if _, err := a.Move(ctxT(t), id, mv); err != nil {
			t.Fatal(err)
		}
	}
	pending := a.Pending(id)
	a.Drop()
	// Bob sees Ann disconnected.
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Status == match.StatusDisconnected
	}); err != nil {
		t.Fatalf("Bob never saw Ann disconnected: %v", err)
	}

	a2, w2 := s.redial(t, wa.Token, client.Options{})
	if w2.Player != wa.Player || w2.Name != "Ann" {
		t.Fatalf("reconnected as %+v, want Ann's identity", w2)
	}
	r, err := a2.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.ID != id || r.Seq < 20 || r.Seq > 23 {
		t.Fatalf("resumed race %s at seq %d, want %s at 20…23", r.Race.ID, r.Seq, id)
	}
	if len(r.Progress) != 2 {
		t.Errorf("resume progress %+v", r.Progress)
	}
	if err := a2.Resend(ctxT(t), id, pending); err != nil {
		t.Fatal(err)
	}
	if r.Seq < 23 { // else all three were acknowledged before the drop
		if _, err := a2.WaitAck(ctxT(t), id, 23); err != nil {
			t.Fatalf("ack of resent 23: %v", err)
		}
	}
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Status == match.StatusPlaying
	}); err != nil {
		t.Fatalf("Bob never saw Ann back: %v", err)
	}
	// Resending an acknowledged move again changes nothing.
	_ = a2.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: 5, Move: line[4]})
	ack, err := a2.WaitAck(ctxT(t), id, 5)
	if err != nil || !ack.Duplicate || ack.Seq != 23 {
		t.Fatalf("resend of 5: %+v %v, want duplicate ack at 23", ack, err)
	}
	play(t, a2, id, line[23:])
	if _, err := a2.WaitEnd(ctxT(t), id); err != nil {
		t.Fatal(err)
	}
	snap, err := s.hub.Store().Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	log := snap.Logs[wa.Player]
	if len(log) != len(line) {
		t.Fatalf("Ann's log has %d entries, want %d", len(log), len(line))
	}
	for i, e := range log {
		if e.Action != line[i] || e.Seq != uint64(i+1) {
			t.Fatalf("entry %d = %+v, want %s", i, e, line[i])
		}
	}
	if snap.Winner != wa.Player {
		t.Errorf("winner %q, want Ann", snap.Winner)
	}
}

func TestNewConnectionFencesOldOne(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, _, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:2])
	a2, _ := s.redial(t, wa.Token, client.Options{})
	if _, err := a2.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	// The old connection's next move is refused: its session was replaced.
	seq, _ := a.Move(ctxT(t), id, line[2])
	_, err := a.WaitAck(ctxT(t), id, seq)
	var e *client.Error
	if !asError(err, &e) || e.Code != wire.CodeSessionReplaced {
		t.Fatalf("old connection's move: %v, want session_replaced", err)
	}
	play(t, a2, id, line[2:4])
}

// TestRaceSeatsNewestConnection: a player with an older connection still
// open (a tab left open, a page the browser has not closed yet) who
// queues on a newer one races on the newer one; the older one neither
// takes the seat nor fences the newer one out. Each round gives the two
// connections' joins a fresh chance to interleave.
func TestRaceSeatsNewestConnection(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	line := winningLine(t)
	for round := range 4 {
		old, wa := s.dial(t, "Ann", client.Options{})
		a, _ := s.redial(t, wa.Token, client.Options{})
		b, _ := s.dial(t, "Bob", client.Options{})
		queueBoth(t, a, b)
		ra, _ := bothRace(t, a, b)
		play(t, a, ra.Race.ID, line[:3])
		seq, err := old.Move(ctxT(t), ra.Race.ID, line[3])
		if err != nil {
			t.Fatal(err)
		}
		_, err = old.WaitAck(ctxT(t), ra.Race.ID, seq)
		var e *client.Error
		if !asError(err, &e) || e.Code != wire.CodeNotInRace {
			t.Fatalf("round %d: the older connection's move: %v, want not_in_race (not seated)", round, err)
		}
	}
}
