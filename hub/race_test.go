package hub_test

import (
	"encoding/hex"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game/klondikegame"
)

func TestQuickRaceToFinish(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, b, wa, wb, race := s.pair(t)
	id := race.Race.ID
	if race.Race.Profile != "bvs" || race.Race.Commitment == "" || race.Race.DealNote != "deal not solver-checked" || len(race.Race.Racers) != 2 {
		t.Fatalf("race info %+v", race.Race)
	}
	if v := klondikeView(t, race.View); race.View.Game != match.GameKlondike || v.Stock != 24 || race.Seq != 0 {
		t.Errorf("start view of %q, stock %d, seq %d; want klondike, 24 and 0", race.View.Game, v.Stock, race.Seq)
	}
	line := winningLine(t)
	// Bob makes a few moves, then Ann wins.
	play(t, b, id, line[:10])
	ack := play(t, a, id, line)
	if !klondikeView(t, ack.View).Won || ack.Status != match.StatusWon || ack.View.Game != match.GameKlondike {
		t.Fatalf("last ack %+v, want won", ack)
	}
	for _, c := range []struct {
		name string
		end  func() (wire.RaceEnd, error)
	}{
		{"Ann", func() (wire.RaceEnd, error) { return a.WaitEnd(ctxT(t), id) }},
		{"Bob", func() (wire.RaceEnd, error) { return b.WaitEnd(ctxT(t), id) }},
	} {
		end, err := c.end()
		if err != nil {
			t.Fatalf("%s: race_end: %v", c.name, err)
		}
		r := end.Result
		if r.Reason != match.EndWin || len(r.Standings) != 2 {
			t.Fatalf("%s: result %+v", c.name, r)
		}
		if r.Standings[0].Player != wa.Player || r.Standings[0].Place != 1 || r.Standings[0].Foundation != 52 {
			t.Errorf("%s: first %+v, want Ann with 52", c.name, r.Standings[0])
		}
		if r.Standings[1].Player != wb.Player || r.Standings[1].Place != 2 {
			t.Errorf("%s: second %+v, want Bob", c.name, r.Standings[1])
		}
		nonce, _ := hex.DecodeString(end.Reveal.Nonce)
		if err := fair.Verify(race.Race.Commitment, fair.Reveal{Seed: end.Reveal.Seed, Profile: end.Reveal.Profile, Nonce: nonce}); err != nil {
			t.Errorf("%s: reveal does not verify: %v", c.name, err)
		}
		if d, err := (klondikegame.Game{}).ParseDeal(end.Reveal.Deal); err != nil || d != klondike.NewDeal(end.Reveal.Seed).String() {
			t.Errorf("%s: revealed deal is not the seed's", c.name)
		}
	}
	// Moves after the end are refused.
	seq, _ := b.Move(ctxT(t), id, line[10])
	if _, err := b.WaitAck(ctxT(t), id, seq); err == nil {
		t.Errorf("move after the end acknowledged")
	}
}

func TestOpponentSeesProgress(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, b, wa, _, race := s.pair(t)
	id := race.Race.ID
	line := winningLine(t)
	ack := play(t, a, id, line[:5])
	m, err := b.Wait(ctxT(t), func(m client.Message) bool {
		if m.Type != wire.TypeProgress {
			return false
		}
		var p wire.ProgressMessage
		_ = m.Decode(&p)
		return p.Progress.Racer == wa.Player && p.Progress.Seq == 5
	})
	if err != nil {
		t.Fatalf("Bob never saw Ann's fifth action: %v", err)
	}
	var p wire.ProgressMessage
	_ = m.Decode(&p)
	if v := klondikeView(t, ack.View); p.Progress.Actions != v.Actions || p.Progress.Foundations != v.Foundations || p.Progress.Status != match.StatusPlaying {
		t.Errorf("progress %+v, want actions %d foundations %v playing", p.Progress, v.Actions, v.Foundations)
	}
}
