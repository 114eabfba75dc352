package archive_test

import (
	"slices"
	"testing"
	"time"

	"github.com/solitaire-race/racer/internal/redistest"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/replay"
)

// TestDailyBoardHoldsAccountsWins: an account and a guest both win
// today's daily challenge. On a server that rates only accounts the
// day's board (memory and Redis) lists the account's win alone, and
// under RateGuests both; a rebuild from the archive into empty boards
// yields the same board, and takes the guest's attempt too.
func TestDailyBoardHoldsAccountsWins(t *testing.T) {
	t.Parallel()
	stores := map[string]func(t *testing.T) leaderboard.Store{
		"memory": func(*testing.T) leaderboard.Store { return leaderboard.NewMemoryStore() },
		"redis": func(t *testing.T) leaderboard.Store {
			s, err := leaderboard.NewRedisStore(leaderboard.RedisConfig{Client: redistest.Client(t), Prefix: archivetestPrefix() + "lb:"})
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	}
	ann := match.Racer{ID: "00000000000000aa", Name: "Ann", Account: true}
	bob := match.Racer{ID: "00000000000000bb", Name: "Bob"} // a guest
	for name, newBoards := range stores {
		for _, rateGuests := range []bool{false, true} {
			want := []string{ann.ID}
			if rateGuests {
				want = []string{ann.ID, bob.ID}
			}
			t.Run(name+map[bool]string{false: "/accounts", true: "/all"}[rateGuests], func(t *testing.T) {
				ctx := t.Context()
				a := openSQLite(t)
				a.SetRateGuests(rateGuests)
				live := newBoards(t)
				svc, err := daily.New(daily.Config{Secret: []byte("a daily secret of 32 bytes, more"), Store: live, Games: games.All,
					RateGuests: rateGuests})
				if err != nil {
					t.Fatal(err)
				}
				// Bob wins faster: under RateGuests he ranks first.
				for i, r := range []match.Racer{ann, bob} {
					race, err := svc.Start(ctx, "bvs", r)
					if err != nil {
						t.Fatal(err)
					}
					if race.Racers[0] != r {
						t.Fatalf("got racer %+v, want %+v", race.Racers[0], r)
					}
					race.CreatedAt = time.Now().UTC().Truncate(time.Millisecond)
					race.StartAt = race.CreatedAt
					res := match.Result{Race: race.ID, Reason: match.EndWin, FinishedAt: race.StartAt.Add(time.Minute),
						Standings: []match.Standing{{Place: 1, Player: r.ID, Name: r.Name, Status: match.StatusWon, Foundation: 52,
							ReachedAt: race.StartAt.Add(time.Duration(90-30*i) * time.Second), Actions: 120 + i}}}
					recorded, err := svc.Finish(ctx, race, res)
					if err != nil || recorded != slices.Contains(want, r.ID) {
						t.Errorf("%s's win: got recorded %v, %v, want %v", r.Name, recorded, err, slices.Contains(want, r.ID))
					}
					rp, err := replay.FromSnapshot(match.Snapshot{Race: race, Result: &res})
					if err != nil {
						t.Fatal(err)
					}
					if _, err := a.Save(ctx, rp); err != nil {
						t.Fatal(err)
					}
				}
				day := leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: time.Now().UTC()}
				top, err := live.Top(ctx, day, 10)
				if err != nil {
					t.Fatal(err)
				}
				if got := players(top); !sameSet(got, want) {
					t.Fatalf("live daily board: got %v, want %v", got, want)
				}
				rebuilt := newBoards(t)
				n, err := a.Rebuild(ctx, rebuilt)
				if err != nil || n.Daily != len(want) {
					t.Fatalf("Rebuild: got %+v, %v, want %d daily wins", n, err, len(want))
				}
				again, err := rebuilt.Top(ctx, day, 10)
				if err != nil || !slices.Equal(again, top) {
					t.Errorf("rebuilt daily board: got %+v, %v, want %+v", again, err, top)
				}
				if first, err := rebuilt.StartDaily(ctx, "bvs", leaderboard.DayOf(day.At), bob.ID); err != nil || first {
					t.Errorf("got the guest's attempt free after the rebuild (%v, %v), want it taken", first, err)
				}
			})
		}
	}
}

func players(es []leaderboard.Entry) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Player
	}
	return out
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
