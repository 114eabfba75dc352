package hub_test

import (
	"github.com/solitaire-race/racer/hub/wire"
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/spider"
)

// spiderPrefixWithRuns returns the shortest prefix of the spider-1 line
// after which n runs are complete.
func spiderPrefixWithRuns(t *testing.T, seed uint64, line []string, n int) int {
	t.Helper()
	rules, _ := spider.Profile("spider-1")
	s := spider.MustNew(spider.NewDeal(seed, 1), rules)
	for i, mv := range line {
		m, _ := spider.ParseMove(mv)
		if err := s.Apply(m); err != nil {
			t.Fatal(err)
		}
		if s.Completed() >= n {
			return i + 1
		}
	}
	t.Fatalf("line never completes %d runs", n)
	return 0
}

// TestSpiderRoom: a private room on spider-1 races three players, ranked
// by completed runs; the rematch is Spider again.
func TestSpiderRoom(t *testing.T) {
	t.Parallel()
	s := newServer(t, hub.Config{Dealer: spiderDealer(t)})
	seed, line := spiderLine(t)
	host, wh := s.dial(t, "Host", client.Options{})
	_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomCreate, Profile: "spider-1", Max: 3})
	var room wire.RoomMessage
	m, err := host.WaitType(ctxT(t), wire.TypeRoom)
	if err != nil {
		t.Fatal(err)
	}
	_ = m.Decode(&room)
	if room.Room.Profile != "spider-1" {
		t.Fatalf("room %+v, want spider-1", room.Room)
	}
	players, ids := []*client.Client{host}, []string{wh.Player}
	for _, name := range []string{"P2", "P3"} {
		c, w := s.dial(t, name, client.Options{})
		_ = c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomJoin, Code: room.Room.Code})
		players, ids = append(players, c), append(ids, w.Player)
	}
	for i, c := range players {
		if _, err := c.Wait(ctxT(t), func(m client.Message) bool {
			var r wire.RoomMessage
			return m.Type == wire.TypeRoom && m.Decode(&r) == nil && len(r.Room.Members) == 3
		}); err != nil {
			t.Fatalf("player %d never saw three members: %v", i, err)
		}
	}
	_ = host.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRoomStart})
	var race string
	for i, c := range players {
		r, err := c.WaitRace(ctxT(t))
		if err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
		if r.Race.Game != match.GameSpider || r.Race.Profile != "spider-1" || r.View.Game != match.GameSpider {
			t.Fatalf("player %d: race %+v, want spider-1", i, r.Race)
		}
		race = r.Race.ID
	}
	k := spiderPrefixWithRuns(t, seed, line, 1)
	play(t, players[2], race, []string{"resign"})
	play(t, players[1], race, line[:k])
	play(t, host, race, line)
	want := []struct {
		place, off, runs int
		status           match.Status
	}{{1, 104, 8, match.StatusWon}, {2, 13, 1, match.StatusPlaying}, {3, 0, 0, match.StatusResigned}}
	for i, c := range players {
		end, err := c.WaitEnd(ctxT(t), race)
		if err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
		for j, w := range want {
			got := end.Result.Standings[j]
			if got.Player != ids[j] || got.Place != w.place || got.Foundation != w.off || got.Counts.Get("completed") != w.runs || got.Status != w.status {
				t.Errorf("player %d sees standing %d = %+v, want %s %+v", i, j, got, ids[j], w)
			}
		}
	}
	for _, c := range players {
		_ = c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race})
	}
	for i, c := range players {
		r, err := c.WaitRace(ctxT(t))
		if err != nil {
			t.Fatalf("player %d: rematch: %v", i, err)
		}
		if r.Race.ID == race || r.Race.Profile != "spider-1" || r.Race.Game != match.GameSpider {
			t.Errorf("rematch race %+v, want a new spider-1 race", r.Race)
		}
	}
}

// TestSpiderDaily: the daily message with a Spider profile starts that
// profile's challenge, beside Klondike's.
func TestSpiderDaily(t *testing.T) {
	t.Parallel()
	dsvc, err := daily.New(daily.Config{Games: games.All, Secret: []byte("daily test secret, 32 bytes long"), Store: leaderboard.NewMemoryStore()})
	if err != nil {
		t.Fatal(err)
	}
	s := newServer(t, hub.Config{Daily: dsvc})
	a, _ := s.dial(t, "Ann", client.Options{})
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "spider-2"})
	r, err := a.WaitRace(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	id := r.Race.ID
	profile, _, ok := daily.ParseRaceID(id)
	if !ok || profile != "spider-2" || r.Race.Game != match.GameSpider || r.View.Game != match.GameSpider || len(r.Race.Racers) != 1 {
		t.Fatalf("race %s %+v, want a spider-2 daily race of one", id, r.Race)
	}
	ch, err := dsvc.Today(ctxT(t), "spider-2")
	if err != nil {
		t.Fatal(err)
	}
	if r.Race.Commitment != ch.Commitment {
		t.Errorf("commitment %s, want the day's %s", r.Race.Commitment, ch.Commitment)
	}
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "spider-2"})
	expectError(t, a, wire.CodeAlreadyPlayed)
	// Klondike's daily is another attempt.
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "bvs"})
	rk, err := a.WaitRace(ctxT(t))
	if err != nil || rk.Race.Profile != "bvs" || rk.Race.Game != "" {
		t.Fatalf("Klondike daily after Spider's: %+v, %v", rk.Race, err)
	}
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeResign, Race: id, Seq: 1})
	end, err := a.WaitEnd(ctxT(t), id)
	if err != nil {
		t.Fatal(err)
	}
	if !end.Reveal.Withheld || end.Reveal.Seed != 0 || end.Reveal.Deal != "" {
		t.Errorf("reveal %+v, want the deal withheld until the day's end", end.Reveal)
	}
	_ = a.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "spider-3"})
	expectError(t, a, wire.CodeUnknownProfile)
}
