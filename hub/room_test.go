package hub_test

import (
	"github.com/solitaire-race/racer/hub/wire"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// prefixWithCards returns the shortest prefix of line after which the
// foundations hold at least n cards.
func prefixWithCards(t *testing.T, line []string, n int) (int, int) {
	t.Helper()
	seed, _ := matchtest.Winnable(games.All, "bvs")
	rules, _ := klondike.Profile("bvs")
	s := klondike.MustNew(klondike.NewDeal(seed), rules)
	for i, mv := range line {
		m, _ := klondike.ParseMove(mv)
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
		if s.FoundationCards() >= n {
			return i + 1, s.FoundationCards()
		}
	}
	t.Fatalf("line never reaches %d cards", n)
	return 0, 0
}

func TestPrivateRoomOfFour(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	host, wh := s.dial(t, "Host", client.Options{})
	if err := host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomCreate, Max: 4}); err != nil {
		t.Fatal(err)
	}
	var room wire.RoomMessage
	m, err := host.WaitType(ctxT(t), wire.TypeRoom)
	if err != nil {
		t.Fatal(err)
	}
	_ = m.Decode(&room)
	code := room.Room.Code
	if len(code) != 6 || room.Room.Host != wh.Player || room.Room.Max != 4 || room.Room.Profile != "bvs" {
		t.Fatalf("room %+v", room.Room)
	}
	players := []*client.Client{host}
	ids := []string{wh.Player}
	for _, name := range []string{"P2", "P3", "P4"} {
		c, w := s.dial(t, name, client.Options{})
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomJoin, Code: code}); err != nil {
			t.Fatal(err)
		}
		players = append(players, c)
		ids = append(ids, w.Player)
	}
	// Everyone hears the room fill up.
	for i, c := range players {
		if _, err := c.Wait(ctxT(t), func(m client.Message) bool {
			var r wire.RoomMessage
			return m.Type == wire.TypeRoom && m.Decode(&r) == nil && len(r.Room.Members) == 4
		}); err != nil {
			t.Fatalf("player %d never saw four members: %v", i, err)
		}
	}
	fifth, _ := s.dial(t, "P5", client.Options{})
	_ = fifth.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomJoin, Code: code})
	expectError(t, fifth, wire.CodeRoomFull)
	_ = players[1].Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart})
	expectError(t, players[1], wire.CodeNotHost)

	if err := host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart}); err != nil {
		t.Fatal(err)
	}
	var race string
	for i, c := range players {
		r, err := c.WaitRace(ctxT(t))
		if err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
		if race == "" {
			race = r.Race.ID
		}
		if r.Race.ID != race || r.Race.Room != code || len(r.Race.Racers) != 4 {
			t.Fatalf("player %d race %+v", i, r.Race)
		}
	}
	_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart})
	expectError(t, host, wire.CodeRoomBusy)

	line := winningLine(t)
	k3, c3 := prefixWithCards(t, line, 1)
	k2, c2 := prefixWithCards(t, line, c3+1)
	play(t, players[3], race, []string{"resign"})
	play(t, players[2], race, line[:k3])
	play(t, players[1], race, line[:k2])
	play(t, host, race, line)

	want := []struct {
		player string
		place  int
		cards  int
		status match.Status
	}{
		{ids[0], 1, 52, match.StatusWon},
		{ids[1], 2, c2, match.StatusPlaying},
		{ids[2], 3, c3, match.StatusPlaying},
		{ids[3], 4, 0, match.StatusResigned},
	}
	for i, c := range players {
		end, err := c.WaitEnd(ctxT(t), race)
		if err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
		for j, w := range want {
			got := end.Result.Standings[j]
			if got.Player != w.player || got.Place != w.place || got.Foundation != w.cards || got.Status != w.status {
				t.Errorf("player %d sees standing %d = %+v, want %+v", i, j, got, w)
			}
		}
	}
	// Rematch: a new race once every member is ready
	// (rematch_test.go: by consent).
	for _, c := range players {
		if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race}); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range players {
		r, err := c.WaitRace(ctxT(t))
		if err != nil {
			t.Fatalf("player %d: rematch: %v", i, err)
		}
		if r.Race.ID == race || len(r.Race.Racers) != 4 {
			t.Errorf("rematch race %+v", r.Race)
		}
	}
}

func TestQuickRematch(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{})
	a, b, _, _, race := s.pair(t)
	id := race.Race.ID
	play(t, a, id, []string{"resign"})
	play(t, b, id, []string{"resign"})
	if _, err := a.WaitEnd(ctxT(t), id); err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitEnd(ctxT(t), id); err != nil {
		t.Fatal(err)
	}
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: id})
	if _, err := b.WaitType(ctxT(t), wire.TypeRematchVote); err != nil {
		t.Fatalf("Bob never heard Ann's rematch vote: %v", err)
	}
	_ = b.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: id})
	ra, rb := bothRace(t, a, b)
	if ra.Race.ID != rb.Race.ID || ra.Race.ID == id || ra.Race.Commitment == race.Race.Commitment {
		t.Errorf("rematch races %s %s (old %s); commitment reused: %v", ra.Race.ID, rb.Race.ID, id, ra.Race.Commitment == race.Race.Commitment)
	}
}
