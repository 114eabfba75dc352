package results

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
	"github.com/solitaire-race/racer/match/matchtest"
	"github.com/solitaire-race/racer/match/replay"
)

func TestRated(t *testing.T) {
	s := &Service{isBot: leaderboard.IsBotID}
	ann, bob, bot := match.Racer{ID: "p_ann"}, match.Racer{ID: "p_bob"}, match.Racer{ID: "bot:1"}
	daily := "daily-bvs-2026-11-30-0123456789abcdef"
	for _, c := range []struct {
		name string
		race match.Race
		want bool
	}{
		{"quick, two humans", match.Race{ID: "r1", Racers: []match.Racer{ann, bob}}, true},
		{"room, humans", match.Race{ID: "r2", Room: "ABCDEF", Racers: []match.Racer{ann, bob}}, true},
		{"quick against a bot", match.Race{ID: "r3", Racers: []match.Racer{ann, bot}}, false},
		{"room with a bot", match.Race{ID: "r4", Room: "ABCDEF", Racers: []match.Racer{ann, bob, bot}}, false},
		{"daily challenge", match.Race{ID: daily, Racers: []match.Racer{ann}}, false},
		{"rated arena", match.Race{ID: "r5", Arena: "a1", Racers: []match.Racer{ann, bob}}, true},
		{"unrated arena", match.Race{ID: "r6", Arena: "a1", Unrated: true, Racers: []match.Racer{ann, bob}}, false},
	} {
		if got := s.rated(t.Context(), c.race); got != c.want {
			t.Errorf("%s: rated %v, want %v", c.name, got, c.want)
		}
	}
}

// fixedDay is the clock of the daily tests: noon of one UTC day.
func fixedDay(context.Context) (time.Time, error) {
	return time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC), nil
}

// proven is a Checker that proves every deal: the day's deal is try 0.
func proven(context.Context, uint64, string) (bool, error) { return true, nil }

// TestDailyKey: services sharing a Secret deal the same daily challenge,
// each from its own store, and the key derived from the Secret is pinned:
// changing it would change every daily challenge, past ones included.
func TestDailyKey(t *testing.T) {
	const want = "bebb7ccec48298fbccea7c39a051b928694afd2a3e8f3bcf5247ed397f09a2e9"
	commitment := func(secret string) string {
		t.Helper()
		s, err := New(Config{Games: games.All, Secret: []byte(secret), Clock: fixedDay, Checker: proven})
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.Daily().Today(t.Context(), "bvs")
		if err != nil {
			t.Fatal(err)
		}
		return c.Commitment
	}
	for range 2 {
		if got := commitment("shared-secret-0123456789"); got != want {
			t.Errorf("got commitment %s, want %s", got, want)
		}
	}
	if got := commitment("another-secret-0123456789"); got == want {
		t.Errorf("got the same commitment %s under another secret, want another", got)
	}
	if a, b := commitment(""), commitment(""); a == b || a == want {
		t.Errorf("got commitments %s and %s with no secret, want a random key per service", a, b)
	}
}

// TestDailyBoardRateGuestsAccount: the daily challenge's service puts an
// account's win on the board, a guest's only under Config.RateGuests.
func TestDailyBoardRateGuestsAccount(t *testing.T) {
	guest, account := match.Racer{ID: "p_gus"}, match.Racer{ID: "p_ann", Account: true}
	for _, rateGuests := range []bool{false, true} {
		s, err := New(Config{Games: games.All, Clock: fixedDay, Checker: proven, RateGuests: rateGuests})
		if err != nil {
			t.Fatal(err)
		}
		if !s.Daily().OnBoard(account) || s.Daily().OnBoard(guest) != rateGuests {
			t.Errorf("RateGuests %v: an account on the daily board %v, a guest %v; want true, %v",
				rateGuests, s.Daily().OnBoard(account), s.Daily().OnBoard(guest), rateGuests)
		}
	}
}

// finished returns the snapshot of a race of racers played on a memory
// store and ended with the first racer winning.
func finished(t *testing.T, id string, racers ...string) match.Snapshot {
	t.Helper()
	ctx := t.Context()
	st := match.NewMemoryStore(match.MemoryStoreConfig{})
	r := match.Race{ID: id, Profile: "bvs"}
	for _, p := range racers {
		r.Racers = append(r.Racers, match.Racer{ID: p, Name: "N" + p})
	}
	if err := match.DealRace(ctx, match.FixedDealer{Seed: 42}, &r); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateRace(ctx, r); err != nil {
		t.Fatal(err)
	}
	e, err := st.Join(ctx, id, racers[0])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(ctx, match.Append{Race: id, Racer: racers[0], Epoch: e, Seq: 1, Action: "D"}); err != nil {
		t.Fatal(err)
	}
	res := match.Result{Race: id, Reason: match.EndWin}
	for i, p := range racers {
		status := match.StatusStuck
		if i == 0 {
			status = match.StatusWon
		}
		res.Standings = append(res.Standings, match.Standing{Place: i + 1, Player: p, Name: "N" + p, Status: status})
	}
	if _, _, err := st.Finish(ctx, id, res); err != nil {
		t.Fatal(err)
	}
	snap, err := st.Load(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestOnFinish: a finished race leaves its replay; only a race between
// humans updates the ratings; a race without a result leaves nothing.
func TestOnFinish(t *testing.T) {
	for _, tt := range []struct {
		name       string
		racers     []string
		unfinished bool
		wantRated  bool
	}{
		{"two humans", []string{"ann", "bob"}, false, true},
		{"human and bot", []string{"ann", "bot:1"}, false, false},
		{"no result", []string{"ann", "bob"}, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			boards, replays := leaderboard.NewMemoryStore(), replay.NewMemoryStore()
			var analysed []string
			s, err := New(Config{Games: games.All, Boards: boards, Replays: replays, Checker: proven,
				Analyze: func(rp replay.Replay) { analysed = append(analysed, rp.Race) }})
			if err != nil {
				t.Fatal(err)
			}
			snap := finished(t, "r1", tt.racers...)
			if tt.unfinished {
				snap.Result = nil
			}
			first := s.OnFinish(ctx, snap)
			// Every node may call it: the writes are idempotent, and only
			// the first call knows the ratings from before.
			if second := s.OnFinish(ctx, snap); second != nil {
				t.Errorf("second OnFinish returned %+v, want nil", second)
			}
			switch {
			case tt.unfinished && first != nil:
				t.Errorf("got ratings %+v of a race without a result, want nil", first)
			case !tt.unfinished && (first == nil || first.Rated != tt.wantRated || len(first.Changes) != map[bool]int{true: 2}[tt.wantRated]):
				t.Errorf("got ratings %+v, want rated %v", first, tt.wantRated)
			}
			rp, err := replays.Load(ctx, "r1")
			switch {
			case tt.unfinished && !errors.Is(err, replay.ErrNotFound):
				t.Errorf("got replay %+v, %v of a race without a result, want ErrNotFound", rp, err)
			case !tt.unfinished && (err != nil || rp.Seed != 42 || len(rp.Actions[tt.racers[0]]) != 1):
				t.Errorf("got replay %+v, %v, want seed 42 and one action", rp, err)
			}
			// Only the first save hands the replay to the analysis.
			if want := map[bool]int{false: 1, true: 0}[tt.unfinished]; len(analysed) != want {
				t.Errorf("analysed %v, want %d race", analysed, want)
			}
			rs, err := boards.Ratings(ctx, "bvs", tt.racers...)
			if err != nil {
				t.Fatal(err)
			}
			if tt.wantRated && (len(rs) != 2 || rs["ann"].Games != 1 || rs["bob"].Games != 1) {
				t.Errorf("got ratings %+v, want one game each for ann and bob", rs)
			}
			if !tt.wantRated && len(rs) != 0 {
				t.Errorf("got ratings %+v, want none", rs)
			}
		})
	}
}

// TestFairPlayAnnulledRacerUnratedAtFinish: a race that started rated
// and ends after a moderator marked one of its racers changes no
// rating (Ratings.Rated false); one of racers not marked is rated; and
// while the marks cannot be read, none is.
func TestFairPlayAnnulledRacerUnratedAtFinish(t *testing.T) {
	for _, tt := range []struct {
		name      string
		racers    []string
		down      bool
		wantRated bool
	}{
		{"a marked racer", []string{"ann", "cat"}, false, false},
		{"nobody marked", []string{"ann", "bob"}, false, true},
		{"marks unreadable", []string{"ann", "bob"}, true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			boards := leaderboard.NewMemoryStore()
			marked := func(_ context.Context, p string) (bool, error) {
				if tt.down {
					return false, errors.New("archive down")
				}
				return p == "cat", nil
			}
			s, err := New(Config{Games: games.All, Boards: boards, Checker: proven, Marked: marked})
			if err != nil {
				t.Fatal(err)
			}
			got := s.OnFinish(ctx, finished(t, "r1", tt.racers...))
			if got == nil || got.Rated != tt.wantRated {
				t.Fatalf("got ratings %+v, want rated %v", got, tt.wantRated)
			}
			rs, err := boards.Ratings(ctx, "bvs", tt.racers...)
			if err != nil {
				t.Fatal(err)
			}
			if want := map[bool]int{true: 2}[tt.wantRated]; len(rs) != want {
				t.Errorf("got ratings of %d racers %+v, want %d", len(rs), rs, want)
			}
		})
	}
}

// TestFairPlayAnnulledRacerOffDailyBoard: a daily challenge's win goes
// on the day's board unless a moderator marked its racer, or the marks
// cannot be read; the attempt's replay is saved either way.
func TestFairPlayAnnulledRacerOffDailyBoard(t *testing.T) {
	for _, tt := range []struct {
		name      string
		player    string
		down      bool
		wantBoard bool
	}{
		{"a marked racer", "cat", false, false},
		{"a racer not marked", "ann", false, true},
		{"marks unreadable", "ann", true, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx := t.Context()
			boards, replays := leaderboard.NewMemoryStore(), replay.NewMemoryStore()
			marked := func(_ context.Context, p string) (bool, error) {
				if tt.down {
					return false, errors.New("archive down")
				}
				return p == "cat", nil
			}
			s, err := New(Config{Games: games.All, Boards: boards, Replays: replays, Clock: fixedDay, Checker: proven, Marked: marked})
			if err != nil {
				t.Fatal(err)
			}
			race, err := s.Daily().Start(ctx, "bvs", match.Racer{ID: tt.player, Name: "N" + tt.player, Account: true})
			if err != nil {
				t.Fatal(err)
			}
			race.StartAt, _ = fixedDay(ctx)
			won := race.StartAt.Add(time.Minute)
			res := match.Result{Race: race.ID, Reason: match.EndWin, FinishedAt: won, Standings: []match.Standing{
				{Place: 1, Player: tt.player, Name: "N" + tt.player, Status: match.StatusWon, ReachedAt: won, Actions: 90}}}
			if got := s.OnFinish(ctx, match.Snapshot{Race: race, Result: &res}); got == nil || got.Rated {
				t.Errorf("got ratings %+v, want an unrated race", got)
			}
			b := leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: race.StartAt}
			_, err = boards.Rank(ctx, b, tt.player)
			if onBoard := err == nil; onBoard != tt.wantBoard || err != nil && !errors.Is(err, leaderboard.ErrNotRanked) {
				t.Errorf("got %s on the daily board %v (%v), want %v", tt.player, onBoard, err, tt.wantBoard)
			}
			if _, err := replays.Load(ctx, race.ID); err != nil {
				t.Errorf("got %v loading the attempt's replay, want it saved", err)
			}
		})
	}
}

// TestOnFinishTies plays two-racer races of new players that end level on
// cards and bounds their rating changes: a tie (a shared place: no card
// home, or the count reached at the same moment) moves neither by more
// than 5 points; places parted by seconds alone move them by at most 50.
func TestOnFinishTies(t *testing.T) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	start := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	// home is the shortest prefix of line that puts two cards home.
	m, err := match.New(match.Race{ID: "x", Profile: "bvs", Seed: seed, Racers: []match.Racer{{ID: "x"}}}, match.Options{Games: games.All})
	if err != nil {
		t.Fatal(err)
	}
	home := 0
	for i, mv := range line {
		if _, err := m.Advance("x", uint64(i+1), mv.String(), start); err != nil {
			t.Fatal(err)
		}
		if p, _ := m.Progress("x"); p.Foundation >= 2 {
			home = i + 1
			break
		}
	}
	if home == 0 {
		t.Fatal("the winning line puts no two cards home")
	}
	tests := []struct {
		name       string
		moves      int           // of line, by each racer
		bLater     time.Duration // how much later b makes each move
		wantPlaces [2]int
		maxMove    float64
	}{
		{"both resign with no card home", 0, 0, [2]int{1, 1}, 5},
		{"both resign at 2 cards, reached together", home, 0, [2]int{1, 1}, 5},
		{"both resign at 2 cards, b 10 s later", home, 10 * time.Second, [2]int{1, 2}, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			race := match.Race{ID: "r1", Profile: "bvs", Seed: seed, StartAt: start, TimeLimit: 10 * time.Minute,
				Racers: []match.Racer{{ID: "ann", Name: "Ann"}, {ID: "bob", Name: "Bob"}}}
			logs := map[string][]match.Entry{}
			add := func(racer, action string, at time.Time) {
				logs[racer] = append(logs[racer], match.Entry{Seq: uint64(len(logs[racer]) + 1), Action: action, At: at})
			}
			at := start
			for _, mv := range line[:tt.moves] {
				at = at.Add(time.Second)
				add("ann", mv.String(), at)
				add("bob", mv.String(), at.Add(tt.bLater))
			}
			end := at.Add(tt.bLater + time.Minute)
			add("ann", match.ActionResign, end)
			add("bob", match.ActionResign, end)
			snap := match.Snapshot{Race: race, Logs: logs}
			res, over, err := match.Rank(snap, end, match.Options{Games: games.All})
			if err != nil || !over {
				t.Fatalf("Rank: %v, over %v", err, over)
			}
			if got := [2]int{res.Standings[0].Place, res.Standings[1].Place}; got != tt.wantPlaces {
				t.Fatalf("got places %v, want %v", got, tt.wantPlaces)
			}
			res.FinishedAt = end
			snap.Result = &res
			s, err := New(Config{Games: games.All, Checker: proven})
			if err != nil {
				t.Fatal(err)
			}
			out := s.OnFinish(t.Context(), snap)
			if out == nil || !out.Rated || len(out.Changes) != 2 {
				t.Fatalf("got ratings %+v, want two changes", out)
			}
			for _, c := range out.Changes {
				d := c.After - c.Before
				t.Logf("%s %+.1f", c.Player, d)
				if math.Abs(d) > tt.maxMove {
					t.Errorf("%s: got a change of %+.1f, want at most %g either way", c.Player, d, tt.maxMove)
				}
			}
		})
	}
}

func TestNewNeedsGames(t *testing.T) {
	if _, err := New(Config{}); err == nil || !strings.Contains(err.Error(), "Games") {
		t.Errorf("New without Games: got %v, want an error naming Config.Games", err)
	}
}
