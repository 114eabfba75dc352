package hub_test

import (
	"testing"

	"github.com/solitaire-race/racer/hub"
	"github.com/solitaire-race/racer/hub/client"
	"github.com/solitaire-race/racer/hub/wire"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
)

// TestAccountDailyOffBoardForGuests: on a server whose daily boards list
// only accounts' wins, a guest may race the daily challenge, and their
// race says from its start that its result goes on no board; an
// account's race says nothing of the kind, and its racer reaches the
// finished race marked an account (what the daily board decides by).
// Under RateGuests a guest's race is on the board too.
func TestAccountDailyOffBoardForGuests(t *testing.T) {
	t.Parallel()
	for _, rateGuests := range []bool{false, true} {
		dsvc, err := daily.New(daily.Config{Games: games.All, Secret: []byte("daily test secret, 32 bytes long"),
			Store: leaderboard.NewMemoryStore(), RateGuests: rateGuests})
		if err != nil {
			t.Fatal(err)
		}
		s, _, finished := accountServer(t, hub.Config{Daily: dsvc, RateGuests: rateGuests})

		gus, _ := s.dial(t, "Gus", client.Options{})
		_ = gus.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "bvs"})
		r, err := gus.WaitRace(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if want := !rateGuests; r.Race.OffBoard != want || (r.Race.BoardNote == wire.DailyOffBoardNote) != want {
			t.Errorf("RateGuests %v: a guest's daily race has off_board %v, board_note %q; want off_board %v and the note when true",
				rateGuests, r.Race.OffBoard, r.Race.BoardNote, want)
		}

		ann, _ := s.dialAccount(t, "00000000000000aa", "Ann")
		_ = ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeDaily, Profile: "bvs"})
		r, err = ann.WaitRace(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if r.Race.OffBoard || r.Race.BoardNote != "" || len(r.Race.Racers) != 1 || !r.Race.Racers[0].Account {
			t.Errorf("RateGuests %v: an account's daily race %+v, want its racer an account and on the board", rateGuests, r.Race)
		}
		if err := ann.Send(ctxT(t), wire.ClientMessage{Type: wire.TypeResign, Race: r.Race.ID, Seq: 1}); err != nil {
			t.Fatal(err)
		}
		select {
		case race := <-finished:
			if race.ID != r.Race.ID || !race.Racers[0].Account || !dsvc.OnBoard(race.Racers[0]) {
				t.Errorf("RateGuests %v: finished %s with racers %+v, want %s with Ann an account, on the board", rateGuests, race.ID, race.Racers, r.Race.ID)
			}
		case <-ctxT(t).Done():
			t.Fatal("the account's daily race never finished")
		}
	}
}
