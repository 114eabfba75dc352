package daily_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/solitaire-race/racer/klondike"
	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/daily"
	"github.com/solitaire-race/racer/match/fair"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/leaderboard"
)

var secret = []byte("0123456789abcdef0123456789abcdef")

// clock is a settable clock for tests.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now(context.Context) (time.Time, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now, nil
}

func (c *clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

func newService(t *testing.T, cfg daily.Config) (*daily.Service, *clock) {
	t.Helper()
	clk := &clock{now: time.Date(2026, 11, 30, 15, 4, 5, 0, time.UTC)}
	if cfg.Secret == nil {
		cfg.Secret = secret
	}
	if cfg.Store == nil {
		cfg.Store = leaderboard.NewMemoryStore()
	}
	if cfg.Games == nil {
		cfg.Games = games.All
	}
	cfg.Clock = clk.Now
	s, err := daily.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s, clk
}

func TestSeedsArePinned(t *testing.T) {
	s, _ := newService(t, daily.Config{})
	// Changing these values changes every past challenge: do not. The
	// first was checked with Python's hmac module.
	tests := []struct {
		profile, day string
		try          int
		want         uint64
	}{
		{"bvs", "2026-11-30", 0, 15316494786955439736},
		{"bvs", "2026-11-30", 1, 18173186691785281187},
		{"classic", "2026-11-30", 0, 12547937652482733713},
		{"bvs", "2026-12-01", 0, 14949663253269297505},
	}
	seen := map[uint64]bool{}
	for _, tt := range tests {
		got := s.Seed(tt.profile, tt.day, tt.try)
		if got != tt.want {
			t.Errorf("Seed(%s, %s, %d): got %d, want %d", tt.profile, tt.day, tt.try, got, tt.want)
		}
		if seen[got] {
			t.Errorf("got seed %d twice", got)
		}
		seen[got] = true
	}
	other, _ := newService(t, daily.Config{Secret: []byte("another secret of 32 bytes......")})
	if other.Seed("bvs", "2026-11-30", 0) == s.Seed("bvs", "2026-11-30", 0) {
		t.Error("got the same seed under another secret, want a different one")
	}
}

func TestChallenge(t *testing.T) {
	s, _ := newService(t, daily.Config{})
	c, err := s.Today(t.Context(), "bvs")
	if err != nil {
		t.Fatal(err)
	}
	if c.Day != "2026-11-30" || c.Profile != "bvs" || c.SolverChecked || c.Seed != s.Seed("bvs", c.Day, 0) {
		t.Errorf("got %+v, want bvs 2026-11-30, not solver-checked, try 0", c)
	}
	if err := fair.Verify(c.Commitment, c.Reveal()); err != nil {
		t.Errorf("got the commitment not matching the reveal: %v", err)
	}
	if !c.Ends().Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("got end %v, want 2026-12-01T00:00Z", c.Ends())
	}
	again, _ := newService(t, daily.Config{})
	c2, err := again.Challenge(t.Context(), "bvs", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	if c2.Commitment != c.Commitment || c2.Seed != c.Seed {
		t.Errorf("got another node's challenge %+v, want the same as %+v", c2, c)
	}
	tests := []struct {
		profile, day string
		want         error
	}{
		{"bvs", "2026-12-01", daily.ErrBadDay},
		{"bvs", "30/11/2026", daily.ErrBadDay},
		{"bvs", "2026-11-31", daily.ErrBadDay},
		{"nope", "2026-11-30", klondike.ErrUnknownProfile},
		{"../x", "2026-11-30", match.ErrUnknownProfile},
	}
	for _, tt := range tests {
		if _, err := s.Challenge(t.Context(), tt.profile, tt.day); !errors.Is(err, tt.want) {
			t.Errorf("Challenge(%q, %q): got %v, want %v", tt.profile, tt.day, err, tt.want)
		}
	}
}

func TestChecker(t *testing.T) {
	t.Run("first proven seed", func(t *testing.T) {
		var calls atomic.Int32
		var mu sync.Mutex
		var seen []uint64
		s, _ := newService(t, daily.Config{Checker: func(ctx context.Context, seed uint64, profile string) (bool, error) {
			mu.Lock()
			seen = append(seen, seed)
			mu.Unlock()
			if profile != "classic" {
				t.Errorf("got profile %q, want classic", profile)
			}
			return calls.Add(1) == 3, nil
		}})
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				c, err := s.Today(t.Context(), "classic")
				if err != nil {
					t.Error(err)
					return
				}
				if !c.SolverChecked || c.Try != 2 || c.Seed != s.Seed("classic", c.Day, 2) {
					t.Errorf("got %+v, want try 2 solver-checked", c)
				}
			})
		}
		wg.Wait()
		if calls.Load() != 3 {
			t.Errorf("got %d checker calls for 8 concurrent requests, want 3", calls.Load())
		}
		for i, seed := range seen {
			if want := s.Seed("classic", "2026-11-30", i); seed != want {
				t.Errorf("try %d: got seed %d, want %d", i, seed, want)
			}
		}
	})
	t.Run("none proven", func(t *testing.T) {
		var calls atomic.Int32
		s, _ := newService(t, daily.Config{MaxTries: 5, Checker: func(context.Context, uint64, string) (bool, error) {
			calls.Add(1)
			return false, nil
		}})
		c, err := s.Today(t.Context(), "bvs")
		if err != nil {
			t.Fatal(err)
		}
		if c.SolverChecked || c.Seed != s.Seed("bvs", c.Day, 0) || calls.Load() != 5 {
			t.Errorf("got %+v after %d calls, want try 0 not solver-checked after 5", c, calls.Load())
		}
	})
	t.Run("nodes whose checkers disagree deal the same", func(t *testing.T) {
		// Node A's solver proves only try 1; node B's (a newer version)
		// proves try 0 too. Sharing their store, B deals what A claimed.
		store := leaderboard.NewMemoryStore()
		var sa *daily.Service
		sa, _ = newService(t, daily.Config{Store: store, Checker: func(_ context.Context, seed uint64, _ string) (bool, error) {
			return seed == sa.Seed("bvs", "2026-11-30", 1), nil
		}})
		sb, _ := newService(t, daily.Config{Store: store, Checker: func(context.Context, uint64, string) (bool, error) {
			return true, nil
		}})
		a, err := sa.Today(t.Context(), "bvs")
		if err != nil {
			t.Fatal(err)
		}
		b, err := sb.Today(t.Context(), "bvs")
		if err != nil {
			t.Fatal(err)
		}
		if a.Try != 1 || b.Try != 1 || b.Seed != a.Seed || !b.SolverChecked || b.Commitment != a.Commitment {
			t.Errorf("got A %+v and B %+v, want both A's try 1", a, b)
		}
	})
	t.Run("errors are not cached", func(t *testing.T) {
		fail := true
		s, _ := newService(t, daily.Config{Checker: func(context.Context, uint64, string) (bool, error) {
			if fail {
				return false, errors.New("solver down")
			}
			return true, nil
		}})
		if _, err := s.Today(t.Context(), "bvs"); err == nil {
			t.Fatal("got no error from a failing checker, want one")
		}
		fail = false
		c, err := s.Today(t.Context(), "bvs")
		if err != nil || !c.SolverChecked {
			t.Errorf("got %+v, %v after the checker recovered, want a checked challenge", c, err)
		}
	})
}

// ann races the daily challenges signed in with an account.
var ann = match.Racer{ID: "ann", Name: "Ann", Account: true}

func TestStartFinish(t *testing.T) {
	store := leaderboard.NewMemoryStore()
	s, clk := newService(t, daily.Config{Store: store})
	ctx := t.Context()
	race, err := s.Start(ctx, "bvs", ann)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := s.Today(ctx, "bvs")
	if race.Seed != c.Seed || race.Commitment != c.Commitment || len(race.Racers) != 1 || race.Racers[0] != ann || !daily.IsRace(race.ID) {
		t.Errorf("got race %+v, want ann alone on today's deal", race)
	}
	if _, err := s.Start(ctx, "bvs", ann); !errors.Is(err, daily.ErrAlreadyPlayed) {
		t.Errorf("got %v for a second attempt, want ErrAlreadyPlayed", err)
	}
	if _, err := s.Start(ctx, "classic", ann); err != nil {
		t.Errorf("got %v for another profile's challenge, want it allowed", err)
	}
	race.StartAt = time.Date(2026, 11, 30, 15, 5, 0, 0, time.UTC)
	won := match.Result{Race: race.ID, Reason: match.EndWin, Standings: []match.Standing{{
		Place: 1, Player: "ann", Name: "Ann", Status: match.StatusWon, Foundation: 52,
		ReachedAt: race.StartAt.Add(3*time.Minute + 250*time.Millisecond), Actions: 140,
	}}}
	// The race ends after midnight: it still counts for its day.
	clk.Set(time.Date(2026, 12, 1, 0, 1, 0, 0, time.UTC))
	ok, err := s.Finish(ctx, race, won)
	if err != nil || !ok {
		t.Fatalf("got %v, %v, want recorded", ok, err)
	}
	if ok, _ := s.Finish(ctx, race, won); ok {
		t.Error("got a second Finish recorded, want not")
	}
	top, err := store.Top(ctx, leaderboard.Board{Profile: "bvs", Kind: leaderboard.KindDaily, Period: leaderboard.Day, At: race.StartAt}, 10)
	if err != nil || len(top) != 1 {
		t.Fatalf("got %v, %v, want ann on 2026-11-30's board", top, err)
	}
	if d, a := leaderboard.SplitDailyScore(top[0].Score); d != 3*time.Minute+250*time.Millisecond || a != 140 {
		t.Errorf("got %v and %d actions, want 3m0.25s and 140", d, a)
	}
	if _, err := s.Start(ctx, "bvs", ann); err != nil {
		t.Errorf("got %v on the next day, want a new attempt", err)
	}

	t.Run("not daily, not won, forged", func(t *testing.T) {
		if ok, err := s.Finish(ctx, match.Race{ID: "r1", Profile: "bvs"}, won); ok || err != nil {
			t.Errorf("got %v, %v for a quick race, want false, nil", ok, err)
		}
		bob, err := s.Start(ctx, "bvs", match.Racer{ID: "bob", Name: "Bob"})
		if err != nil {
			t.Fatal(err)
		}
		lost := match.Result{Race: bob.ID, Standings: []match.Standing{{Place: 1, Player: "bob", Status: match.StatusStuck}}}
		if ok, err := s.Finish(ctx, bob, lost); ok || err != nil {
			t.Errorf("got %v, %v for a lost attempt, want false, nil", ok, err)
		}
		forged := bob
		forged.Racers = []match.Racer{{ID: "eve"}}
		if _, err := s.Finish(ctx, forged, won); err == nil {
			t.Error("got a forged daily race accepted, want an error")
		}
	})
}

func TestParseRaceID(t *testing.T) {
	s, _ := newService(t, daily.Config{})
	for _, p := range []string{"bvs", "windows-3", "a_b-c"} {
		id := s.RaceID(p, "2026-11-30", "player one")
		profile, day, ok := daily.ParseRaceID(id)
		if !ok || profile != p || day != "2026-11-30" {
			t.Errorf("ParseRaceID(%q): got %q %q %v, want %q 2026-11-30 true", id, profile, day, ok, p)
		}
	}
	for _, id := range []string{"", "r1", "daily-", "daily-bvs-2026-11-30", "daily-bvs-2026-13-30-0123456789abcdef", "daily--2026-11-30-0123456789abcdef", "daily-bvs-2026-11-30-0123456789abcdeg", "daily-b v-2026-11-30-0123456789abcdef"} {
		if _, _, ok := daily.ParseRaceID(id); ok {
			t.Errorf("ParseRaceID(%q): got ok, want not a daily race", id)
		}
	}
}

// TestSearchOutlivesCaller: a caller that gives up while the Checker
// searches does not abort the search; the next caller gets its answer
// without a second search.
func TestSearchOutlivesCaller(t *testing.T) {
	release := make(chan struct{})
	var calls atomic.Int32
	s, _ := newService(t, daily.Config{Checker: func(ctx context.Context, seed uint64, profile string) (bool, error) {
		calls.Add(1)
		select {
		case <-release:
			return true, nil
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := s.Today(ctx, "bvs"); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v from a caller that gave up, want context.Canceled", err)
	}
	close(release)
	c, err := s.Today(t.Context(), "bvs")
	if err != nil || !c.SolverChecked || c.Try != 0 {
		t.Fatalf("got %+v, %v, want try 0 solver-checked", c, err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("got %d searches, want 1: the first caller's search went on", n)
	}
}

// TestWarm: Warm has today's challenges ready before anyone asks, and the
// next day's within an interval of the day's start.
func TestWarm(t *testing.T) {
	var mu sync.Mutex
	seen := map[string]bool{}      // profile and seed checked
	wake := make(chan struct{}, 1) // a check was made
	s, clk := newService(t, daily.Config{Checker: func(ctx context.Context, seed uint64, profile string) (bool, error) {
		mu.Lock()
		seen[profile+" "+strconv.FormatUint(seed, 10)] = true
		mu.Unlock()
		select {
		case wake <- struct{}{}:
		default:
		}
		return true, nil
	}})
	checked := func(profile, day string) bool {
		mu.Lock()
		defer mu.Unlock()
		return seen[profile+" "+strconv.FormatUint(s.Seed(profile, day, 0), 10)]
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- s.Warm(ctx, []string{"bvs", "spider-2"}, 10*time.Millisecond) }()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		timeout := time.After(10 * time.Second)
		for !ok() {
			select {
			case <-wake:
			case <-timeout:
				t.Fatalf("Warm did not check %s within 10 s", what)
			}
		}
	}
	waitFor("today's deals", func() bool { return checked("bvs", "2026-11-30") && checked("spider-2", "2026-11-30") })
	if checked("bvs", "2026-12-01") {
		t.Fatal("Warm checked tomorrow's deal before tomorrow")
	}
	clk.Set(time.Date(2026, 12, 1, 0, 0, 1, 0, time.UTC))
	waitFor("the new day's deals", func() bool { return checked("bvs", "2026-12-01") && checked("spider-2", "2026-12-01") })
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Warm returned %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Error("Warm did not return after its context ended")
	}
}

// blocker is a Checker that proves every seed, each call once the test
// releases it; started receives the profile of each call as it begins.
type blocker struct {
	started chan string
	release chan struct{}
	calls   atomic.Int32
}

func newBlocker() *blocker {
	return &blocker{started: make(chan string, 64), release: make(chan struct{})}
}

func (b *blocker) check(ctx context.Context, _ uint64, profile string) (bool, error) {
	b.calls.Add(1)
	b.started <- profile
	select {
	case <-b.release:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// TestPeek: Peek never waits for a search. It starts the one search of a
// challenge, answers ErrPreparing while it runs, and the challenge once
// it is done.
func TestPeek(t *testing.T) {
	b := newBlocker()
	s, _ := newService(t, daily.Config{Checker: b.check})
	for range 3 {
		if _, err := s.Peek(t.Context(), "bvs", "2026-11-30"); !errors.Is(err, daily.ErrPreparing) {
			t.Fatalf("Peek during the search: got %v, want ErrPreparing", err)
		}
	}
	if p := <-b.started; p != "bvs" {
		t.Fatalf("got a search of %s, want bvs", p)
	}
	if _, err := s.Peek(t.Context(), "bvs", "2026-11-30"); !errors.Is(err, daily.ErrPreparing) {
		t.Fatalf("Peek during the search: got %v, want ErrPreparing", err)
	}
	close(b.release)
	want, err := s.Challenge(t.Context(), "bvs", "2026-11-30") // waits for the search
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.Peek(t.Context(), "bvs", "2026-11-30")
	if err != nil || got.Commitment != want.Commitment || !got.SolverChecked {
		t.Errorf("Peek after the search: got %+v, %v, want %+v", got, err, want)
	}
	if n := b.calls.Load(); n != 1 {
		t.Errorf("got %d checker calls, want 1: one search however many ask", n)
	}
	if _, err := s.Peek(t.Context(), "bvs", "2026-12-01"); !errors.Is(err, daily.ErrBadDay) {
		t.Errorf("Peek of tomorrow: got %v, want ErrBadDay", err)
	}
}

// TestPeekFailure: a failed preparation is reported to the next caller,
// and the one after starts it again.
func TestPeekFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var fail atomic.Bool
		fail.Store(true)
		s, _ := newService(t, daily.Config{Checker: func(context.Context, uint64, string) (bool, error) {
			if fail.Load() {
				return false, errors.New("solver down")
			}
			return true, nil
		}})
		ctx := context.Background()
		if _, err := s.Peek(ctx, "bvs", "2026-11-30"); !errors.Is(err, daily.ErrPreparing) {
			t.Fatalf("first Peek: got %v, want ErrPreparing", err)
		}
		synctest.Wait() // the preparation has failed
		if _, err := s.Peek(ctx, "bvs", "2026-11-30"); err == nil || errors.Is(err, daily.ErrPreparing) {
			t.Fatalf("Peek after the failure: got %v, want the checker's error", err)
		}
		fail.Store(false)
		if _, err := s.Peek(ctx, "bvs", "2026-11-30"); !errors.Is(err, daily.ErrPreparing) {
			t.Fatalf("Peek after a reported failure: got %v, want ErrPreparing (a new preparation)", err)
		}
		synctest.Wait()
		if c, err := s.Peek(ctx, "bvs", "2026-11-30"); err != nil || !c.SolverChecked {
			t.Errorf("Peek after the checker recovered: got %+v, %v, want a checked challenge", c, err)
		}

		// Challenge does not take a failure as its answer: it prepares
		// the challenge again.
		fail.Store(true)
		if _, err := s.Peek(ctx, "classic", "2026-11-30"); !errors.Is(err, daily.ErrPreparing) {
			t.Fatalf("first Peek of classic: got %v, want ErrPreparing", err)
		}
		synctest.Wait()
		fail.Store(false)
		if c, err := s.Challenge(ctx, "classic", "2026-11-30"); err != nil || !c.SolverChecked {
			t.Errorf("Challenge after a failure: got %+v, %v, want a checked challenge", c, err)
		}
	})
}

// TestSearchesBounded: Config.Searches challenges are searched at once,
// the others wait their turn; past MaxPending in preparation, Peek and
// Challenge fail with ErrBusy and start nothing.
func TestSearchesBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := newBlocker()
		s, _ := newService(t, daily.Config{Checker: b.check, Searches: 1, MaxPending: 2})
		ctx := context.Background()
		for _, p := range []string{"bvs", "classic"} {
			if _, err := s.Peek(ctx, p, "2026-11-30"); !errors.Is(err, daily.ErrPreparing) {
				t.Fatalf("Peek %s: got %v, want ErrPreparing", p, err)
			}
		}
		synctest.Wait() // every preparation searching or waiting to
		if n := b.calls.Load(); n != 1 {
			t.Fatalf("got %d searches at once, want 1", n)
		}
		if _, err := s.Peek(ctx, "spider-1", "2026-11-30"); !errors.Is(err, daily.ErrBusy) {
			t.Errorf("a third challenge past MaxPending 2: got %v, want ErrBusy", err)
		}
		if _, err := s.Challenge(ctx, "spider-1", "2026-11-30"); !errors.Is(err, daily.ErrBusy) {
			t.Errorf("Challenge past MaxPending 2: got %v, want ErrBusy", err)
		}
		close(b.release)
		for _, p := range []string{"bvs", "classic"} {
			if _, err := s.Challenge(ctx, p, "2026-11-30"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Challenge(ctx, "spider-1", "2026-11-30"); err != nil {
			t.Errorf("Challenge once the others are prepared: %v", err)
		}
		if n := b.calls.Load(); n != 3 {
			t.Errorf("got %d searches, want 3", n)
		}
	})
}

func TestNewNeedsGames(t *testing.T) {
	_, err := daily.New(daily.Config{Secret: secret, Store: leaderboard.NewMemoryStore()})
	if err == nil || !strings.Contains(err.Error(), "Games") {
		t.Errorf("New without Games: got %v, want an error naming Config.Games", err)
	}
}
