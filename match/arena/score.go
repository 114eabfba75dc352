package arena

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/solitaire-race/racer/match/scoreboard"
)

// Points returns the placement points of the racer at place (1 for the
// winner; racers who tie share a place) of a race of n racers: n − place
// + 1, so 2 and 1 in a race of two, 4, 3, 2 and 1 in a race of four. A
// racer who resigned scores 0 whatever their place.
func Points(place, n int, resigned bool) int {
	if resigned || place < 1 || place > n {
		return 0
	}
	return n - place + 1
}

// Outcome is one racer's line in a recorded race.
type Outcome struct {
	Player string `json:"player"`
	Place  int    `json:"place"`
	// Cards is the racer's cards off the table at the end.
	Cards    int  `json:"cards"`
	Resigned bool `json:"resigned,omitempty"`
}

// Won reports a win: first place, not resigned.
func (o Outcome) Won() bool { return o.Place == 1 && !o.Resigned }

// RaceResult is a finished race of an arena as it is recorded.
type RaceResult struct {
	Race       string    `json:"race"`
	Outcomes   []Outcome `json:"outcomes"`
	FinishedAt time.Time `json:"finished_at"`
}

// ResultOf returns the arena's record of a race's result.
func ResultOf(r scoreboard.Result) RaceResult {
	rr := RaceResult{Race: r.Race, FinishedAt: r.FinishedAt}
	for _, s := range r.Standings {
		rr.Outcomes = append(rr.Outcomes, Outcome{Player: s.Player, Place: s.Place, Cards: s.Foundation,
			Resigned: s.Status == scoreboard.StatusResigned})
	}
	return rr
}

// Score is what a player has earned in an arena.
type Score struct {
	Points int `json:"points"`
	Races  int `json:"races"`
	Wins   int `json:"wins"`
	// Streak counts the wins in a row up to the last race: from 2, the
	// next win counts double (the player is "on fire").
	Streak int `json:"streak"`
	// Cards sums the cards off the table over the player's races.
	Cards int `json:"cards"`
}

// OnFire reports that the player's next win counts double.
func (s Score) OnFire() bool { return s.Streak >= 2 }

// Performance is the tie-break: the average cards off the table per
// race, in tenths of a card (0 before the first race).
func (s Score) Performance() int {
	if s.Races == 0 {
		return 0
	}
	return s.Cards * 10 / s.Races
}

// Add scores one race of n racers and returns the points it earned: a
// win on a streak of two wins or more counts double, anything else ends
// the streak.
func (s *Score) Add(o Outcome, n int) int {
	pts := Points(o.Place, n, o.Resigned)
	if o.Won() {
		if s.OnFire() {
			pts *= 2
		}
		s.Streak++
		s.Wins++
	} else {
		s.Streak = 0
	}
	s.Points += pts
	s.Races++
	s.Cards += o.Cards
	return pts
}

// Standing is one player's line in an arena's standings.
type Standing struct {
	Rank   int    `json:"rank"`
	Player string `json:"player"`
	Name   string `json:"name"`
	Bot    bool   `json:"bot,omitempty"`
	Score
	// Performance is Score.Performance, on the wire.
	Perf int  `json:"performance"`
	Fire bool `json:"fire,omitempty"`
	// Withdrawn players keep their points and leave the pool.
	Withdrawn bool `json:"withdrawn,omitempty"`
}

// Before reports whether a ranks above b: more points, then better
// performance, then fewer races, then the earlier joiner (by ID as a
// last resort, so the order is total).
func Before(a, b Standing) bool { return compareStandings(a, b) < 0 }

func compareStandings(a, b Standing) int {
	if c := cmp.Compare(b.Points, a.Points); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Score.Performance(), a.Score.Performance()); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Races, b.Races); c != 0 {
		return c
	}
	return strings.Compare(a.Player, b.Player)
}

// Rank sorts standings best first and numbers them; players equal on
// points and performance share a rank.
func Rank(st []Standing) {
	slices.SortFunc(st, compareStandings)
	for i := range st {
		st[i].Perf = st[i].Score.Performance()
		st[i].Fire = st[i].OnFire()
		if i > 0 && st[i].Points == st[i-1].Points && st[i].Perf == st[i-1].Perf {
			st[i].Rank = st[i-1].Rank
		} else {
			st[i].Rank = i + 1
		}
	}
}

// Recompute scores every player from the recorded results alone, in the
// order of their end (a player's races never overlap, so that is the
// order of each player's races): the standings a store must hold.
// Players with no result keep a zero score.
func Recompute(players []Entrant, results []RaceResult) []Standing {
	byID := make(map[string]*Standing, len(players))
	out := make([]Standing, len(players))
	for i, p := range players {
		out[i] = Standing{Player: p.ID, Name: p.Name, Bot: p.Bot}
		byID[p.ID] = &out[i]
	}
	rs := slices.Clone(results)
	slices.SortStableFunc(rs, func(a, b RaceResult) int {
		if c := a.FinishedAt.Compare(b.FinishedAt); c != 0 {
			return c
		}
		return strings.Compare(a.Race, b.Race)
	})
	for _, r := range rs {
		for _, o := range r.Outcomes {
			if s := byID[o.Player]; s != nil {
				s.Score.Add(o, len(r.Outcomes))
			}
		}
	}
	Rank(out)
	return out
}
