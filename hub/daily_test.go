package hub_test

import (
	"bytes"
	"strconv"
	"sync"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
)

// TestDaily: the daily message starts a one-racer race on the day's deal;
// a second attempt is refused; nobody may watch it or find it listed; its
// end withholds the seed, nonce and deal while its day lasts.
func TestDaily(t *testing.T) {
	t.Parallel()
	dsvc, err := daily.New(daily.Config{Games: games.All, Secret: []byte("daily test secret, 32 bytes long"), Store: leaderboard.NewMemoryStore()})
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(t, hub.Config{Daily: dsvc})
	var framesMu sync.Mutex
	var frames [][]byte
	a, _ := s.dial(t, "Ann", client.Options{Record: func(b []byte) {
		framesMu.Lock()
		defer framesMu.Unlock()
		frames = append(frames, append([]byte(nil), b...))
	}})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "bvs"})
	r, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	id := r.Race.ID
	if !daily.IsRace(id) || len(r.Race.Racers) != 1 {
		t.Fatalf("race %s with %d racers, want a daily race of one", id, len(r.Race.Racers))
	}
	ch, err := dsvc.Today(ctxT(t), "bvs")
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Commitment != ch.Commitment {
		t.Errorf("commitment %s, want the day's %s", r.Race.Commitment, ch.Commitment)
	}

	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "bvs"})
	if e, err := a.WaitError(ctxT(t)); err != nil || e.Code != wire.CodeAlreadyPlayed {
		t.Errorf("second attempt: %+v %v, want already_played", e, err)
	}

	b, _ := s.dial(t, "Bob", client.Options{})
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeWatch, Race: id})
	if e, err := b.WaitError(ctxT(t)); err != nil || e.Code != wire.CodeDailyPrivate {
		t.Errorf("watching a daily race: %+v %v, want daily_private", e, err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeListRaces})
	m, err := b.WaitType(ctxT(t), wire.TypeRaces)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(m.Raw, []byte(id)) {
		t.Errorf("list_races shows the daily race: %s", m.Raw)
	}

	if err := a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeResign, Race: id, Seq: 1}); err != nil {
		t.Fatal(err)
	}
	end, err := a.WaitEnd(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if !end.Reveal.Withheld || end.Reveal.Seed != 0 || end.Reveal.Nonce != "" || end.Reveal.RevealAt == nil || end.Reveal.Commitment != ch.Commitment {
		t.Errorf("reveal %+v, want the seed withheld until the day's end", end.Reveal)
	}
	framesMu.Lock()
	defer framesMu.Unlock()
	seed := []byte(strconv.FormatUint(ch.Seed, 10))
	for _, f := range frames {
		if bytes.Contains(f, seed) {
			t.Errorf("a frame holds the day's seed %s: %s", seed, f)
		}
	}
}

// TestDailyUnavailable: without Config.Daily the message is refused.
func TestDailyUnavailable(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, _ := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily})
	if e, err := a.WaitError(ctxT(t)); err != nil || e.Code != wire.CodeDailyUnavailable {
		t.Errorf("daily without a service: %+v %v, want daily_unavailable", e, err)
	}
}
