package match_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
	"github.com/solitaire-race/racer/match/game/games"
	"github.com/solitaire-race/racer/match/matchtest"
)

// BenchmarkMoveKlondike measures the move path of a Match on a Klondike
// race: Prepare (validation and stuck detection), Commit and the racer's
// Progress, cycling the stock with D and R on relaxed-1.
func BenchmarkMoveKlondike(b *testing.B) {
	r := match.Race{ID: "r", Profile: "relaxed-1", Seed: 9, StartAt: t0, Racers: []match.Racer{{ID: "a"}, {ID: "b"}}}
	m, err := match.New(r, match.Options{Games: games.All})
	if err != nil {
		b.Fatal(err)
	}
	at := t0.Add(time.Second)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		move := "D"
		if n%25 == 24 { // relaxed-1 draws one: 24 draws empty the stock
			move = "R"
		}
		n++
		p, err := m.Prepare("a", m.Seq("a")+1, move)
		if err != nil {
			b.Fatal(err)
		}
		m.Commit(p, at)
		pr, _ := m.Progress("a")
		if pr.Status != match.StatusPlaying {
			b.Fatalf("status %s", pr.Status)
		}
	}
}

// BenchmarkMoveSpider measures the same path on a spider-1 race: each
// iteration plays the next move of a winning line (with its stuck
// detection), starting a new match when the line is done.
func BenchmarkMoveSpider(b *testing.B) {
	seed, moves := matchtest.WinnableSpider(games.All, "spider-1")
	line := make([]string, len(moves))
	for i, m := range moves {
		line[i] = m.String()
	}
	r := match.Race{ID: "r", Profile: "spider-1", Seed: seed, StartAt: t0, Racers: []match.Racer{{ID: "a"}, {ID: "b"}}}
	var m *match.Match
	at := t0.Add(time.Second)
	i := len(line)
	b.ReportAllocs()
	for b.Loop() {
		if i == len(line) {
			var err error
			if m, err = match.New(r, match.Options{Games: games.All}); err != nil {
				b.Fatal(err)
			}
			i = 0
		}
		p, err := m.Prepare("a", m.Seq("a")+1, line[i])
		if err != nil {
			b.Fatal(err)
		}
		m.Commit(p, at)
		_, _ = m.Progress("a")
		i++
	}
}

// BenchmarkRank measures ranking a finished two-racer bvs race from its
// logs (both racers resign after 120 moves of a winning line and a
// walk of draws): what a node does once per race at its end.
func BenchmarkRank(b *testing.B) {
	seed, line := matchtest.Winnable(games.All, "bvs")
	r := match.Race{ID: "r", Profile: "bvs", Seed: seed, StartAt: t0, Racers: []match.Racer{{ID: "a"}, {ID: "b"}}}
	snap := match.Snapshot{Race: r, Logs: map[string][]match.Entry{}}
	for _, id := range []string{"a", "b"} {
		var log []match.Entry
		for i, mv := range line[:min(120, len(line)-1)] {
			log = append(log, match.Entry{Seq: uint64(i + 1), Action: mv.String(), At: t0.Add(time.Duration(i) * time.Second)})
		}
		log = append(log, match.Entry{Seq: uint64(len(log) + 1), Action: match.ActionResign, At: t0.Add(time.Hour)})
		snap.Logs[id] = log
	}
	b.ReportAllocs()
	for b.Loop() {
		res, over, err := match.Rank(snap, t0.Add(2*time.Hour), match.Options{Games: games.All})
		if err != nil || !over || res.Reason != match.EndAllDone {
			b.Fatalf("Rank: %+v %v %v", res, over, err)
		}
	}
}
