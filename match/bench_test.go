package match_test

import (
	"testing"
	"time"

	"github.com/solitaire-race/racer/match"
)

// BenchmarkMoveKlondike measures the move path of a Match on a Klondike
// race: Prepare (validation and stuck detection), Commit and the racer's
// Progress, cycling the stock with D and R on relaxed-1.
func BenchmarkMoveKlondike(b *testing.B) {
	r := match.Race{ID: "r", Profile: "relaxed-1", Seed: 9, StartAt: t0, Racers: []match.Racer{{ID: "a"}, {ID: "b"}}}
	m, err := match.New(r, match.Options{})
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
