package freecell

import (
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// benchPositions returns positions from random play under freecell.
func benchPositions(n int) []State {
	return randomPositions(99, fourCells, n, 100)
}

func BenchmarkMoves(b *testing.B) {
	ps := benchPositions(256)
	var buf [256]Move
	b.ReportAllocs()
	n := 0
	done := enginetest.CPUTimer(b)
	for i := 0; b.Loop(); i++ {
		n += len(ps[i%len(ps)].AppendMoves(buf[:0]))
	}
	done()
	b.ReportMetric(float64(n)/float64(b.N), "moves/op")
}

// benchGame returns a deal and a legal line of exactly n moves from it,
// found by seeded random play.
func benchGame(n int) (Deal, []Move) {
	seed, moves := engine.RandomLine(n, func(seed uint64) State { return MustNew(NewDeal(seed), fourCells) })
	return NewDeal(seed), moves
}

// BenchmarkApply applies the moves of a 60-move game one by one,
// starting again from the deal (a copy) after the last.
func BenchmarkApply(b *testing.B) {
	d, moves := benchGame(60)
	enginetest.BenchApply(b, MustNew(d, fourCells), moves, (*State).Apply)
}

// BenchmarkReplay60 rebuilds a board as a server does: deal from the
// seed, then apply a logged game of 60 moves.
func BenchmarkReplay60(b *testing.B) {
	d, moves := benchGame(60)
	enginetest.BenchReplay(b, func() (State, error) { return New(d, fourCells) }, moves, (*State).Apply)
}

func BenchmarkNewDeal(b *testing.B) {
	for _, bc := range []struct {
		name string
		base uint64
	}{{"microsoft", 1}, {"shuffle", MicrosoftSeeds}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			seed := bc.base
			done := enginetest.CPUTimer(b)
			for b.Loop() {
				_ = NewDeal(seed)
				seed++
			}
			done()
		})
	}
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

func BenchmarkSafeMoves(b *testing.B) {
	ps := benchPositions(256)
	var buf [8]Move
	b.ReportAllocs()
	done := enginetest.CPUTimer(b)
	for i := 0; b.Loop(); i++ {
		_ = ps[i%len(ps)].AppendSafeMoves(buf[:0])
	}
	done()
}

func BenchmarkHint(b *testing.B) {
	ps := benchPositions(256)
	b.ReportAllocs()
	done := enginetest.CPUTimer(b)
	for i := 0; b.Loop(); i++ {
		_, _ = Hint(&ps[i%len(ps)])
	}
	done()
}

// BenchmarkStuck runs stuck detection with the budget of package match
// (20,000) on 32 positions from random play (one op is all 32), as a
// server does after a move; unsure/op counts the positions where the
// budget ran out.
func BenchmarkStuck(b *testing.B) {
	for _, name := range ProfileNames() {
		b.Run(name, func(b *testing.B) {
			ps := randomPositions(11, profiles[name], 32, 100)
			enginetest.BenchStuck(b, ps, func(s *State) (bool, bool) { return s.StuckWithin(20_000) })
		})
	}
}
