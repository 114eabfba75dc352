package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/lobby"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/results"
)

// casualServer is a hub with accounts on the lobby l whose races end in
// a results.Service, as cmd/racer wires it: the ratings it keeps are in
// the board store returned.
func casualServer(t *testing.T, l lobby.Lobby) (*testServer, *leaderboard.MemoryStore) {
	t.Helper()
	boards := leaderboard.NewMemoryStore()
	res, err := results.New(results.Config{Games: games.All, Boards: boards, Logger: discardLogger()})
	if err != nil {
		t.Fatal(err)
	}
	return newServer(t, hub.Config{Lobby: l, Accounts: newFakeAccounts(), OnFinish: res.OnFinish}), boards
}

// queueFor sends c's queue message for the default profile, in the
// casual queue when casual.
func queueFor(t *testing.T, c *client.Client, casual bool) {
	t.Helper()
	if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeQueue, Casual: casual}); err != nil {
		t.Fatal(err)
	}
}

// winAndRatings has winner win race and returns the ratings message of
// its end.
func winAndRatings(t *testing.T, winner *client.Client, race string) wire.RaceRatings {
	t.Helper()
	play(t, winner, race, winningLine(t))
	r, _ := waitRatings(t, winner, race)
	return r
}

// wantRatings checks which of players have a rating on boards: those
// whose rated races moved it.
func wantRatings(t *testing.T, boards *leaderboard.MemoryStore, rated bool, players ...string) {
	t.Helper()
	got, err := boards.Ratings(ctxT(t), "bvs", players...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players {
		if _, ok := got[p]; ok != rated {
			t.Errorf("player %s has a rating %v (%+v), want %v", p, ok, got[p], rated)
		}
	}
}

// Two accounts who queue casual race unrated, in each lobby: the race
// says so from its start, its end changes no rating, and so does its
// rematch's.
func TestAccountCasualQueueUnrated(t *testing.T) {
	t.Parallel()
	for name, newLobby := range lobbies() {
		t.Run(name, func(t *testing.T) {
			s, boards := casualServer(t, newLobby(t))
			ann, _ := s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
			bob, _ := s.dialAccount(t, "0000000000000002", "Bob")
			queueFor(t, ann, true)
			wantType(t, ann, wire.TypeQueued)
			queueFor(t, bob, true)
			race := wantRace(t, bob, false, "Ann", "Bob")
			if got := wantRace(t, ann, false, "Ann", "Bob"); got != race {
				t.Fatalf("Ann races %s, Bob %s", got, race)
			}
			if r := winAndRatings(t, ann, race); r.Rated || len(r.Changes) != 0 {
				t.Errorf("the casual race's ratings %+v, want unrated and no change", r)
			}
			wantRatings(t, boards, false, "a1b2c3d4e5f60718", "0000000000000002")

			// Their rematch is casual too.
			for _, c := range []*client.Client{ann, bob} {
				if err := c.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeRematch, Race: race}); err != nil {
					t.Fatal(err)
				}
			}
			again, err := ann.WaitRace(ctxT(t))
			if err != nil {
				t.Fatal(err)
			}
			if again.Race.ID == race || again.Race.Rated {
				t.Fatalf("the rematch %s rated %v, want a new casual race", again.Race.ID, again.Race.Rated)
			}
			if r := winAndRatings(t, ann, again.Race.ID); r.Rated || len(r.Changes) != 0 {
				t.Errorf("the casual rematch's ratings %+v, want unrated and no change", r)
			}
			wantRatings(t, boards, false, "a1b2c3d4e5f60718", "0000000000000002")
		})
	}
}

// An account in the casual queue never meets one in the rated queue, in
// each lobby: each waits for someone of their own queue, and only the
// rated pair's race moves ratings.
func TestAccountCasualNeverPairedWithRated(t *testing.T) {
	t.Parallel()
	for name, newLobby := range lobbies() {
		t.Run(name, func(t *testing.T) {
			s, boards := casualServer(t, newLobby(t))
			ann, _ := s.dialAccount(t, "a1b2c3d4e5f60718", "Ann")
			bob, _ := s.dialAccount(t, "0000000000000002", "Bob")
			cat, _ := s.dialAccount(t, "0000000000000003", "Cat")
			dan, _ := s.dialAccount(t, "0000000000000004", "Dan")
			queueFor(t, ann, true)
			wantType(t, ann, wire.TypeQueued)
			queueFor(t, bob, false)
			wantType(t, bob, wire.TypeQueued)
			queueFor(t, cat, false)
			rated := wantRace(t, cat, true, "Bob", "Cat")
			wantRace(t, bob, true, "Bob", "Cat")
			queueFor(t, dan, true)
			casual := wantRace(t, dan, false, "Ann", "Dan")
			wantRace(t, ann, false, "Ann", "Dan")

			if r := winAndRatings(t, ann, casual); r.Rated {
				t.Errorf("the casual race's ratings %+v, want unrated", r)
			}
			wantRatings(t, boards, false, "a1b2c3d4e5f60718", "0000000000000004")
			if r := winAndRatings(t, bob, rated); !r.Rated || len(r.Changes) != 2 {
				t.Errorf("the rated race's ratings %+v, want two changes", r)
			}
			wantRatings(t, boards, true, "0000000000000002", "0000000000000003")
		})
	}
}
