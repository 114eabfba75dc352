package spider

import (
	"testing"

	"github.com/solitaire-race/racer/internal/enginetest"
)

// benchPositions returns positions from random play under spider-2.
func benchPositions(n int) []State {
	return randomPositions(99, profiles["spider-2"], n, 300)
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

// benchGame returns a deal and a legal line of exactly n moves from it
// under r, found by seeded random play.
func benchGame(r Rules, n int) (Deal, []Move) {
	seed, moves := engine.RandomLine(n, func(seed uint64) State { return MustNew(NewDeal(seed, r.Suits), r) })
	return NewDeal(seed, r.Suits), moves
}

// BenchmarkApply applies the moves of a 300-move game one by one,
// starting again from the deal (a copy) after the last.
func BenchmarkApply(b *testing.B) {
	r := profiles["spider-2"]
	d, moves := benchGame(r, 300)
	enginetest.BenchApply(b, MustNew(d, r), moves, (*State).Apply)
}

// BenchmarkReplay300 rebuilds a board as a server does: deal from the
// seed, then apply a logged game of 300 moves.
func BenchmarkReplay300(b *testing.B) {
	r := profiles["spider-2"]
	d, moves := benchGame(r, 300)
	enginetest.BenchReplay(b, func() (State, error) { return New(d, r) }, moves, (*State).Apply)
}

func BenchmarkNewDeal(b *testing.B) {
	b.ReportAllocs()
	var seed uint64
	done := enginetest.CPUTimer(b)
	for b.Loop() {
		_ = NewDeal(seed, 4)
		seed++
	}
	done()
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
	for _, name := range []string{"spider-1", "spider-2", "spider-4", "spider-4-std"} {
		b.Run(name, func(b *testing.B) {
			ps := randomPositions(11, profiles[name], 32, 400)
			enginetest.BenchStuck(b, ps, func(s *State) (bool, bool) { return s.StuckWithin(20_000) })
		})
	}
}
