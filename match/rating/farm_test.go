package rating_test

import (
	"math"
	"testing"
	"time"

	"github.com/solitaire-race/racer/match/rating"
)

// An established rating gains at most ProvisionalRaceGain a race and
// ProvisionalDayGain a day from provisional opponents, however often
// they lose; provisional ratings and games against established
// opponents are not bounded.
func TestFarmProvisionalGainBounded(t *testing.T) {
	day := time.Date(2026, 12, 7, 9, 0, 0, 0, time.UTC)
	ann := rating.Rating{Rating: 1500, Deviation: 100, Volatility: 0.06, Games: 200, Updated: day}
	alt := rating.Rating{Rating: 2200, Deviation: 300, Volatility: 0.06, Games: 3, Updated: day}
	cfg := rating.Config{}
	unbounded := rating.Config{ProvisionalRaceGain: 1e9, ProvisionalDayGain: 1e9}
	places := []rating.Placing{{Player: "ann", Place: 1}, {Player: "alt", Place: 2}}

	free := unbounded.Race(map[string]rating.Rating{"ann": ann, "alt": alt}, places, day)["ann"].Rating - ann.Rating
	if free <= rating.DefaultProvisionalRaceGain {
		t.Fatalf("the unbounded gain is %.1f: the test needs one above the bound", free)
	}
	// Race after race on one day: 10, 10, 10, then nothing.
	cur := ann
	for i, want := range []float64{10, 10, 10, 0} {
		at := day.Add(time.Duration(i) * time.Hour)
		cur.Updated = at // no deviation growth between the races
		next := cfg.Race(map[string]rating.Rating{"ann": cur, "alt": alt}, places, at)["ann"]
		if got := next.Rating - cur.Rating; math.Abs(got-want) > 1e-9 {
			t.Fatalf("race %d: gained %.2f, want %.0f", i+1, got, want)
		}
		cur = next
	}
	if cur.FromProvisional.Points != 30 || cur.FromProvisional.Day != "2026-12-07" {
		t.Fatalf("the day's tally is %+v, want 30 on 2026-12-07", cur.FromProvisional)
	}
	// The next day the bound starts again.
	next := cfg.Race(map[string]rating.Rating{"ann": cur, "alt": alt}, places, day.Add(24*time.Hour))["ann"]
	if got := next.Rating - cur.Rating; got <= 0 || got > 10 {
		t.Fatalf("next day: gained %.2f, want up to 10", got)
	}
	// A loss to a provisional opponent is not bounded.
	lost := []rating.Placing{{Player: "alt", Place: 1}, {Player: "ann", Place: 2}}
	if a, b := cfg.Race(map[string]rating.Rating{"ann": ann, "alt": alt}, lost, day)["ann"], unbounded.Race(map[string]rating.Rating{"ann": ann, "alt": alt}, lost, day)["ann"]; a.Rating != b.Rating {
		t.Fatalf("a loss was bounded: %.2f, want %.2f", a.Rating, b.Rating)
	}
	// A provisional winner is not bounded (both are new: that is
	// calibration), nor is the provisional loser's result.
	newbie := rating.Rating{Rating: 1500, Deviation: 350, Volatility: 0.06, Updated: day}
	before := map[string]rating.Rating{"ann": newbie, "alt": alt}
	if a, b := cfg.Race(before, places, day), unbounded.Race(before, places, day); a["ann"] != b["ann"] || a["alt"] != b["alt"] {
		t.Fatalf("provisional racers bounded: %+v, want %+v", a, b)
	}
	// In a race with an established opponent too, that game counts in
	// full: the bound takes only what the provisional one adds.
	cat := rating.Rating{Rating: 1500, Deviation: 60, Volatility: 0.06, Games: 300, Updated: day}
	three := []rating.Placing{{Player: "ann", Place: 1}, {Player: "cat", Place: 2}, {Player: "alt", Place: 3}}
	two := []rating.Placing{{Player: "ann", Place: 1}, {Player: "cat", Place: 2}}
	withCat := cfg.Race(map[string]rating.Rating{"ann": ann, "cat": cat}, two, day)["ann"].Rating
	all := cfg.Race(map[string]rating.Rating{"ann": ann, "cat": cat, "alt": alt}, three, day)["ann"].Rating
	if all <= withCat || all > withCat+10+1e-9 {
		t.Fatalf("with cat and alt: %.2f, want above %.2f (cat's game) by at most 10", all, withCat)
	}
}
