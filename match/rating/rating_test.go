package rating

import (
	"fmt"
	"math"
	"testing"
	"time"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s: got %.7f, want %.7f ± %g", what, got, want, tol)
	}
}

// TestGlickmanExample is the worked example of Glickman's "Example of the
// Glicko-2 system": one rating period, tau 0.5.
func TestGlickmanExample(t *testing.T) {
	player := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	games := []Game{
		{Opponent: Rating{Rating: 1400, Deviation: 30}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300}, Score: 0},
	}
	got := Update(player, games, 0.5, 1)
	// The paper rounds its intermediate values (mu' = -0.2069), so its
	// 1464.06 is 1464.05 computed exactly, and it truncates 0.059996.
	near(t, "rating", got.Rating, 1464.06, 0.011)
	near(t, "deviation", got.Deviation, 151.52, 0.005)
	near(t, "volatility", got.Volatility, 0.05999, 0.00001)
}

func TestUpdateNoGamesOnlyGrowsDeviation(t *testing.T) {
	r := Rating{Rating: 1700, Deviation: 100, Volatility: 0.06}
	got := Update(r, nil, 0.5, 1)
	want := math.Sqrt(100*100 + 0.06*0.06*scale*scale)
	near(t, "deviation", got.Deviation, want, 1e-9)
	if got.Rating != r.Rating || got.Volatility != r.Volatility {
		t.Errorf("got %+v, want rating and volatility unchanged from %+v", got, r)
	}
}

// TestLichessVectors checks two-player races against the expected values
// of scalachess's GlickoCalculatorTest (tau 0.75, no deviation increase).
func TestLichessVectors(t *testing.T) {
	tests := []struct {
		start                  Rating
		winR, loseR, dev, vol  float64
		tolR, tolDev, tolSigma float64
	}{
		{Rating{Rating: 1500, Deviation: 500, Volatility: 0.09}, 1741, 1258, 396, 0.0899983, 1, 1, 1e-7},
		{Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}, 1662.21, 1337.79, 290.23, 0.0599993, 0.005, 0.005, 1e-7},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v", tt.start.Deviation), func(t *testing.T) {
			before := map[string]Rating{"w": tt.start, "b": tt.start}
			got := Config{}.Race(before, []Placing{{Player: "w", Place: 1}, {Player: "b", Place: 2}}, time.Unix(0, 0))
			near(t, "winner rating", got["w"].Rating, tt.winR, tt.tolR)
			near(t, "loser rating", got["b"].Rating, tt.loseR, tt.tolR)
			near(t, "winner deviation", got["w"].Deviation, tt.dev, tt.tolDev)
			near(t, "loser deviation", got["b"].Deviation, tt.dev, tt.tolDev)
			near(t, "winner volatility", got["w"].Volatility, tt.vol, tt.tolSigma)
			if got["w"].Games != 1 || got["b"].Games != 1 {
				t.Errorf("got games %d and %d, want 1 and 1", got["w"].Games, got["b"].Games)
			}
		})
	}
}

func TestNewPlayerIsLichessDefault(t *testing.T) {
	got := Config{}.New()
	want := Rating{Rating: 1500, Deviation: 500, Volatility: 0.09}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	if !got.Provisional() {
		t.Errorf("got a new rating not provisional, want provisional")
	}
	if (Rating{Deviation: 109.9}).Provisional() {
		t.Errorf("got deviation 109.9 provisional, want established")
	}
}

func TestRacePairs(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	t.Run("three racers rate every pair", func(t *testing.T) {
		got := Config{}.Race(nil, []Placing{{Player: "a", Place: 1}, {Player: "b", Place: 2}, {Player: "c", Place: 3}}, now)
		if !(got["a"].Rating > 1500 && got["b"].Rating == 1500 && got["c"].Rating < 1500) {
			t.Errorf("got a %.2f b %.2f c %.2f, want a > 1500 = b > c", got["a"].Rating, got["b"].Rating, got["c"].Rating)
		}
		near(t, "symmetry", got["a"].Rating-1500, 1500-got["c"].Rating, 1e-9)
		for _, p := range []string{"a", "b", "c"} {
			if got[p].Games != 2 || !got[p].Updated.Equal(now) {
				t.Errorf("%s: got games %d updated %v, want 2 and %v", p, got[p].Games, got[p].Updated, now)
			}
		}
	})
	t.Run("a shared place is a draw", func(t *testing.T) {
		got := Config{}.Race(nil, []Placing{{Player: "a", Place: 1}, {Player: "b", Place: 1}}, now)
		near(t, "a", got["a"].Rating, 1500, 1e-9)
		near(t, "b", got["b"].Rating, 1500, 1e-9)
		if got["a"].Deviation >= 500 {
			t.Errorf("got deviation %.2f after a draw, want below 500", got["a"].Deviation)
		}
	})
	t.Run("order does not matter", func(t *testing.T) {
		before := map[string]Rating{
			"a": {Rating: 1800, Deviation: 80, Volatility: 0.06},
			"b": {Rating: 1400, Deviation: 200, Volatility: 0.09},
			"c": {Rating: 1600, Deviation: 60, Volatility: 0.05},
		}
		x := Config{}.Race(before, []Placing{{Player: "a", Place: 2}, {Player: "b", Place: 1}, {Player: "c", Place: 2}}, now)
		y := Config{}.Race(before, []Placing{{Player: "c", Place: 2}, {Player: "a", Place: 2}, {Player: "b", Place: 1}}, now)
		for _, p := range []string{"a", "b", "c"} {
			if x[p] != y[p] {
				t.Errorf("%s: got %+v, then %+v in another order", p, x[p], y[p])
			}
		}
		if before["a"].Games != 0 {
			t.Errorf("got before modified, want it untouched")
		}
	})
	t.Run("one racer is not rated", func(t *testing.T) {
		if got := (Config{}).Race(nil, []Placing{{Player: "a", Place: 1}}, now); len(got) != 0 {
			t.Errorf("got %v, want no ratings", got)
		}
	})
}

func TestRaceAgesDeviation(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	fresh := Rating{Rating: 1500, Deviation: 60, Volatility: 0.06, Updated: now}
	stale := fresh
	stale.Updated = now.AddDate(-1, 0, 0)
	opp := Rating{Rating: 1500, Deviation: 60, Volatility: 0.06, Updated: now}
	a := Config{}.Race(map[string]Rating{"p": fresh, "o": opp}, []Placing{{Player: "p", Place: 1}, {Player: "o", Place: 2}}, now)
	b := Config{}.Race(map[string]Rating{"p": stale, "o": opp}, []Placing{{Player: "p", Place: 1}, {Player: "o", Place: 2}}, now)
	if !(b["p"].Rating-1500 > a["p"].Rating-1500) {
		t.Errorf("got gain %.2f after a year away, %.2f when fresh; want the first larger", b["p"].Rating-1500, a["p"].Rating-1500)
	}
	// lichess: a typical RD goes from 60 to about 110 in a year.
	aged := Config{}.withDefaults().age(stale, now)
	near(t, "deviation after a year", aged.Deviation, 110, 10)
}

func TestRaceClamps(t *testing.T) {
	now := time.Unix(1e9, 0)
	cfg := Config{MaxDelta: 10}
	got := cfg.Race(nil, []Placing{{Player: "a", Place: 1}, {Player: "b", Place: 2}}, now)
	near(t, "capped gain", got["a"].Rating, 1510, 1e-9)
	near(t, "capped loss", got["b"].Rating, 1490, 1e-9)
	low := map[string]Rating{
		"a": {Rating: 401, Deviation: 500, Volatility: 0.5},
		"b": {Rating: 2000, Deviation: 45, Volatility: 0.06},
	}
	got = Config{}.Race(low, []Placing{{Player: "b", Place: 1}, {Player: "a", Place: 2}}, now)
	if got["a"].Rating < 400 || got["a"].Volatility > 0.1 || got["b"].Deviation < 45 {
		t.Errorf("got %+v and %+v, want rating ≥ 400, volatility ≤ 0.1, deviation ≥ 45", got["a"], got["b"])
	}
}

// TestGamesToGo: a new player has some games to go, fewer as the
// deviation falls, none once the rating is settled.
func TestGamesToGo(t *testing.T) {
	var c Config
	n := c.GamesToGo(c.New())
	if n < 2 || n >= 100 {
		t.Fatalf("GamesToGo(new player) = %d, want a small positive count", n)
	}
	if got := c.GamesToGo(Rating{Rating: 1500, Deviation: 200, Volatility: 0.09}); got <= 0 || got > n {
		t.Errorf("GamesToGo(deviation 200) = %d, want in (0, %d]", got, n)
	}
	if got := c.GamesToGo(Rating{Rating: 1800, Deviation: ProvisionalDeviation - 1, Volatility: 0.09}); got != 0 {
		t.Errorf("GamesToGo(settled) = %d, want 0", got)
	}
}

// TestRaceTies bounds what a tie does to two equal new players: a shared
// place (a tie) is a draw and moves neither by more than 5 points; places
// parted by the tie-break alone (the same cards, reached at different
// times) move them by at most 50, the first up; places parted by cards
// are a win and a loss.
func TestRaceTies(t *testing.T) {
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name     string
		places   []Placing
		min, max float64 // bounds of a's gain, which b loses
	}{
		{"shared place", []Placing{{Player: "a", Place: 1}, {Player: "b", Place: 1}}, -5, 5},
		{"parted by the tie-break", []Placing{{Player: "a", Place: 1, Level: 1}, {Player: "b", Place: 2, Level: 1}}, 1, 50},
		{"parted by cards", []Placing{{Player: "a", Place: 1}, {Player: "b", Place: 2}}, 200, 300},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Config{}.Race(nil, tt.places, now)
			da, db := got["a"].Rating-1500, got["b"].Rating-1500
			t.Logf("a %+.1f, b %+.1f", da, db)
			if da < tt.min || da > tt.max {
				t.Errorf("got a's change %+.1f, want within [%g, %g]", da, tt.min, tt.max)
			}
			near(t, "b's change against a's", db, -da, 1)
		})
	}
	t.Run("tie-break in a race of three", func(t *testing.T) {
		// a ahead on cards; b and c level on cards, b first to the count.
		got := Config{}.Race(nil, []Placing{{Player: "a", Place: 1}, {Player: "b", Place: 2, Level: 2}, {Player: "c", Place: 3, Level: 2}}, now)
		a, b, c := got["a"].Rating, got["b"].Rating, got["c"].Rating
		if !(a > b && b > c) || b-c > 100 || a-b < 200 {
			t.Errorf("got a %.1f b %.1f c %.1f, want a well above b, b just above c", a, b, c)
		}
	})
}
