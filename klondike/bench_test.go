package klondike

import (
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// benchPositions returns positions from random play under bvs.
func benchPositions(n int) []State {
	return randomPositions(99, profiles["bvs"], n, 200)
}

func BenchmarkMoves(b *testing.B) {
	ps := benchPositions(256)
	var buf [64]Move
	b.ReportAllocs()
	n := 0
	done := enginetest.CPUTimer(b)
	for i := 0; b.Loop(); i++ {
		n += len(ps[i%len(ps)].Moves(buf[:0]))
	}
	done()
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

// benchGame returns a deal and a legal line of exactly n moves from it
// under r, found by seeded random play.
func benchGame(r Rules, n int) (Deal, []Move) {
	seed, moves := engine.RandomLine(n, func(seed uint64) State { return MustNew(NewDeal(seed), r) })
	return NewDeal(seed), moves
}

// BenchmarkApply applies the moves of a 300-move game one by one,
// starting again from the deal (a copy) after the last.
func BenchmarkApply(b *testing.B) {
	r := profiles["bvs"]
	d, moves := benchGame(r, 300)
	enginetest.BenchApply(b, MustNew(d, r), moves, (*State).Apply)
}

func BenchmarkNewDeal(b *testing.B) {
	b.ReportAllocs()
	var seed uint64
	done := enginetest.CPUTimer(b)
	for b.Loop() {
		_ = NewDeal(seed)
		seed++
	}
	done()
}

// BenchmarkNew deals a seed and lays it out: NewDeal plus New.
func BenchmarkNew(b *testing.B) {
	r := profiles["bvs"]
	b.ReportAllocs()
	var seed uint64
	done := enginetest.CPUTimer(b)
	for b.Loop() {
		if _, err := New(NewDeal(seed), r); err != nil {
			b.Fatal(err)
		}
		seed++
	}
	done()
}

// BenchmarkReplay300 rebuilds a board as a server does: deal from the
// seed, then apply a logged game of 300 moves.
func BenchmarkReplay300(b *testing.B) {
	r := profiles["bvs"]
	seed, moves := engine.RandomLine(300, func(seed uint64) State { return MustNew(NewDeal(seed), r) })
	enginetest.BenchReplay(b, func() (State, error) { return New(NewDeal(seed), r) }, moves, (*State).Apply)
}

func BenchmarkView(b *testing.B) {
	ps := benchPositions(256)
	b.ReportAllocs()
	done := enginetest.CPUTimer(b)
	for i := 0; b.Loop(); i++ {
		_ = ps[i%len(ps)].View()
	}
	done()
}

// BenchmarkStuck runs stuck detection with the default budget on 32
// positions from random play (one op is all 32), as a server does after
// a move; unsure/op counts the positions where the budget ran out.
func BenchmarkStuck(b *testing.B) {
	for _, name := range []string{"bvs", "classic", "relaxed-3", "windows-1"} {
		b.Run(name, func(b *testing.B) {
			ps := randomPositions(11, profiles[name], 32, 300)
			enginetest.BenchStuck(b, ps, func(s *State) (bool, bool) { return s.StuckWithin(DefaultStuckBudget) })
		})
	}
}
