package hub_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match"
)

// lossyStore stores an Append and then, once armed, reports a failure
// anyway: a reply lost on its way back from Redis.
type lossyStore struct {
	match.Store
	fail atomic.Bool
}

func (s *lossyStore) Append(ctx context.Context, a match.Append) (match.Appended, error) {
	res, err := s.Store.Append(ctx, a)
	if err == nil && s.fail.CompareAndSwap(true, false) {
		return match.Appended{}, errors.New("read tcp: i/o timeout (test)")
	}
	return res, err
}

// TestAppendOutcomeUnknown: a node drops the move events it published
// itself, so a move the store took while the node got an error must come
// back by a reload: the opponent on the same node sees it, and the
// racer's resend of it is acknowledged as a duplicate.
func TestAppendOutcomeUnknown(t *testing.T) {
	t.Parallel()
	store, broker, lobby := hub.MemoryBackends()
	ls := &lossyStore{Store: store}
	s := newServer(t, hub.Config{Store: ls, Broker: broker, Presence: broker, Lobby: lobby})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	play(t, a, id, line[:3])

	ls.fail.Store(true)
	seq, err := a.Move(ctxT(t), id, line[3])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.WaitAck(ctxT(t), id, seq); err == nil {
		t.Fatal("move acknowledged although the store reported a failure")
	}
	// Bob, on the same node, sees Ann's fourth action: the node reloaded.
	if _, err := b.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Seq == 4
	}); err != nil {
		t.Fatalf("Bob never saw the move the store took: %v", err)
	}
	// Ann resends it: a duplicate, acknowledged with the stored board.
	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeMove, Race: id, Seq: seq, Move: line[3]}); err != nil {
		t.Fatal(err)
	}
	ack, err := a.WaitAck(ctxT(t), id, seq)
	if err != nil {
		t.Fatalf("resend: %v", err)
	}
	if !ack.Duplicate || ack.Seq != 4 {
		t.Errorf("resend ack %+v, want a duplicate at seq 4", ack)
	}
	play(t, a, id, line[4:6])
}
