package hub_test

import (
	"github.com/solitaire-race/racer/hub/wire"
	"testing"
	"time"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
)

func TestSpectatorProgressLiveBoardsLate(t *testing.T) {
	t.Parallel()
	const delay = 400 * time.Millisecond
	s := newServer(t, hub.Config{SpectatorDelay: delay})
	a, _, wa, _, race := s.pair(t)
	id := race.Race.ID

	// A racer cannot watch their own race.
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	expectError(t, a, wire.CodeCannotWatchOwn)

	w, _ := s.dial(t, "Watcher", client.Options{})
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeListRaces})
	m, err := w.WaitType(ctxT(t), wire.TypeRaces)
	if err != nil {
		t.Fatal(err)
	}
	var list wire.Races
	_ = m.Decode(&list)
	found := false
	for _, r := range list.Races {
		found = found || r.ID == id
	}
	if !found {
		t.Fatalf("live races %+v do not list %s", list.Races, id)
	}
	_ = w.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	m, err = w.WaitType(ctxT(t), wire.TypeWatching)
	if err != nil {
		t.Fatal(err)
	}
	var watching wire.Watching
	_ = m.Decode(&watching)
	if len(watching.Boards) != 2 || watching.Boards[0].Seq != 0 || watching.Race.SpectatorDelayMS != delay.Milliseconds() {
		t.Fatalf("watching %+v", watching)
	}

	line := winningLine(t)
	play(t, a, id, line[:4])
	// The delay runs from the move's time in the store, which is after
	// the move was sent and before its ack came back: sent bounds it
	// from below.
	sent := time.Now()
	play(t, a, id, line[4:5])
	acked := time.Now()
	// Progress arrives live: before the delay has passed.
	m, err = w.Wait(ctxT(t), func(m client.Message) bool {
		var p wire.ProgressMessage
		return m.Type == wire.TypeProgress && m.Decode(&p) == nil && p.Progress.Racer == wa.Player && p.Progress.Seq == 5
	})
	if err != nil {
		t.Fatal(err)
	}
	if since := time.Since(acked); since >= delay {
		t.Logf("progress took %v (machine slow?)", since)
	}
	// The board of seq 5 comes only after the delay.
	m, err = w.Wait(ctxT(t), func(m client.Message) bool {
		var b wire.Board
		return m.Type == wire.TypeBoard && m.Decode(&b) == nil && b.Racer == wa.Player && b.Seq == 5
	})
	if err != nil {
		t.Fatal(err)
	}
	if since := time.Since(sent); since < delay {
		t.Errorf("board of seq 5 shown %v after the move was sent, want at least %v", since, delay)
	}
}
