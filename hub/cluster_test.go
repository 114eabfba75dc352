package hub_test

import (
	"context"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// TestTwoNodes runs two hubs on shared backends, as two nodes on one
// Redis would: racers on different nodes race each other, see each
// other's progress, and a racer dropped from one node resumes on the
// other with nothing lost.
func TestTwoNodes(t *testing.T) {
	t.Parallel()
	store, broker, lobby := hub.MemoryBackends()
	secret := []byte("cluster secret")
	cfg := hub.Config{Store: store, Broker: broker, Presence: broker, Lobby: lobby, Secret: secret}
	n1 := newServer(t, cfg)
	n2 := newServer(t, cfg)

	raceAcrossNodes(t, n1, n2, store)
}

// raceAcrossNodes pairs Ann on n1 with Bob on n2 from the quick-race queue:
// each sees the other's progress; Ann's connection drops with two moves
// unacknowledged, she resumes on n2, resends them and wins; store then holds
// her line exactly once, the winner and the result.
func raceAcrossNodes(t *testing.T, n1, n2 *testServer, store match.Store) {
	t.Helper()
	a, wa := n1.dial(t, "Ann", client.Options{})
	b, wb := n2.dial(t, "Bob", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	if _, err := a.WaitType(ctxT(t), wire.TypeQueued); err != nil {
		t.Fatal(err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue})
	ra, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitRace(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	id := ra.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:10])
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Seq == 10
	}); err != nil {
		t.Fatalf("Bob on node 2 never saw Ann's progress from node 1: %v", err)
	}
	play(t, b, id, line[:3])

	// Ann's node-1 connection drops with two moves unacknowledged; she
	// resumes on node 2.
	_, _ = a.Move(ctxT(t), id, line[10])
	_, _ = a.Move(ctxT(t), id, line[11])
	pending := a.Pending(id)
	a.Drop()
	a2, _ := n2.redial(t, wa.Token, client.Options{})
	r, err := a2.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.ID != id || r.Seq < 10 || r.Seq > 12 {
		t.Fatalf("resumed at seq %d, want 10…12", r.Seq)
	}
	var bobSeen bool
	for _, p := range r.Progress {
		bobSeen = bobSeen || (p.Racer == wb.Player && p.Seq == 3)
	}
	if !bobSeen {
		t.Errorf("resume progress %+v lacks Bob's 3 actions", r.Progress)
	}
	if err := a2.Resend(ctxT(t), id, pending); err != nil {
		t.Fatal(err)
	}
	if r.Seq < 12 { // else both were acknowledged before the drop
		if _, err := a2.WaitAck(ctxT(t), id, 12); err != nil {
			t.Fatal(err)
		}
	}
	play(t, a2, id, line[12:])
	for _, c := range []*client.Client{a2, b} {
		end, err := c.WaitEnd(ctxT(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if end.Result.Standings[0].Player != wa.Player || end.Result.Reason != match.EndWin {
			t.Errorf("result %+v, want Ann winning", end.Result)
		}
	}
	snap, err := store.Load(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(snap.Logs[wa.Player]); got != len(line) {
		t.Errorf("Ann's log has %d entries, want %d", got, len(line))
	}
	for i, e := range snap.Logs[wa.Player] {
		if e.Action != line[i] {
			t.Fatalf("entry %d = %s, want %s", i+1, e.Action, line[i])
		}
	}
	if snap.Winner != wa.Player || snap.Result == nil {
		t.Errorf("stored winner %q, result %v; want Ann and a result", snap.Winner, snap.Result)
	}
}
